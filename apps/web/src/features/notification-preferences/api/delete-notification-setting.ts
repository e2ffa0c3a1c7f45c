import { notificationSettingPath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsChanged } from './settings-cache';

export const deleteNotificationSetting = (id: string) => api.delete<void>(notificationSettingPath(id));

export function useDeleteNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNotificationSetting, onSuccess: () => settingsChanged(queryClient) });
}
