import {
  flattenNotificationSetting,
  NOTIFICATION_SETTINGS_API,
  notificationSettingPath,
  type NotificationSetting,
  type NotificationSettingRequest,
  type NotificationSettingResponse,
} from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsChanged } from './settings-cache';

export type SaveSettingInput = NotificationSettingRequest & { id?: string };

/** SPEC.md section 4: a row saved with an id updates it; without one it is created. */
export async function saveNotificationSetting({ id, ...body }: SaveSettingInput): Promise<NotificationSetting> {
  const response = id
    ? await api.patch<{ data: NotificationSettingResponse }>(notificationSettingPath(id), body)
    : await api.post<{ data: NotificationSettingResponse }>(NOTIFICATION_SETTINGS_API, body);
  return flattenNotificationSetting(response.data);
}

export function useSaveNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveNotificationSetting, onSuccess: () => settingsChanged(queryClient) });
}
