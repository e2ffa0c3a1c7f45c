import {
  HANDOFF_NOTIFICATION_SETTINGS_API,
  handoffNotificationSettingPath,
  type HandoffNotificationRequest,
  type HandoffNotificationSetting,
} from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { handoffNotificationsQueryKey } from './get-handoff-notifications';

export type SaveHandoffInput = HandoffNotificationRequest & { id?: string };

/** With an id the setting is changed (PATCH), without one created (POST). */
export async function saveHandoffNotification({ id, ...body }: SaveHandoffInput): Promise<HandoffNotificationSetting> {
  const response = id
    ? await api.patch<{ data: HandoffNotificationSetting }>(handoffNotificationSettingPath(id), body)
    : await api.post<{ data: HandoffNotificationSetting }>(HANDOFF_NOTIFICATION_SETTINGS_API, body);
  return response.data;
}

export function useSaveHandoffNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHandoffNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: handoffNotificationsQueryKey }),
  });
}
