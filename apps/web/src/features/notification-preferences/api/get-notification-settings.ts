import {
  flattenNotificationSetting,
  ViewNames,
  type NotificationSettingResponse,
  NOTIFICATION_SETTINGS_API,
} from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const notificationSettingsQueryKey = viewKey(ViewNames.notificationSettings, 'mine');

export const getNotificationSettings = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: NotificationSettingResponse[] }>(NOTIFICATION_SETTINGS_API, { signal })).data.map(
    flattenNotificationSetting,
  );

/** The caller's settings, every priority at once (the page groups them), shortest delay first. */
export function useNotificationSettings() {
  return useQuery({ queryKey: notificationSettingsQueryKey, queryFn: getNotificationSettings });
}
