import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsChanged } from './settings-cache';

export const deleteNotificationSetting = (id: string) =>
  api.delete<void>(`/api/v1/signals_notification_settings/${encodeURIComponent(id)}`);

export function useDeleteNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNotificationSetting, onSuccess: () => settingsChanged(queryClient) });
}
