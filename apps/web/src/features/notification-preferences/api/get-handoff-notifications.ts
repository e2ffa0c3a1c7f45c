import { HANDOFF_NOTIFICATION_SETTINGS_API, ViewNames, type HandoffNotificationSetting } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const handoffNotificationsQueryKey = viewKey(ViewNames.handoffNotificationSettings, 'mine');

export const getHandoffNotifications = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: HandoffNotificationSetting[] }>(HANDOFF_NOTIFICATION_SETTINGS_API, { signal })).data;

export function useHandoffNotifications() {
  return useQuery({ queryKey: handoffNotificationsQueryKey, queryFn: getHandoffNotifications });
}
