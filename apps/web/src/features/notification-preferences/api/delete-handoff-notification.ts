import { handoffNotificationSettingPath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { handoffNotificationsQueryKey } from './get-handoff-notifications';

export const deleteHandoffNotification = (id: string) => api.delete<void>(handoffNotificationSettingPath(id));

export function useDeleteHandoffNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHandoffNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: handoffNotificationsQueryKey }),
  });
}
