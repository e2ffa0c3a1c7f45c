import { ViewNames } from '@tocsin/contracts';
import type { HandoffNotificationRequest, HandoffNotificationSetting } from '@tocsin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

const PATH = '/api/v1/signals/handoff_notification_settings';
export const handoffNotificationsQueryKey = viewKey(ViewNames.handoffNotificationSettings, 'mine');

export const getHandoffNotifications = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: HandoffNotificationSetting[] }>(PATH, { signal })).data;

export function useHandoffNotifications() {
  return useQuery({ queryKey: handoffNotificationsQueryKey, queryFn: getHandoffNotifications });
}

export type SaveHandoffInput = HandoffNotificationRequest & { id?: string };

export async function saveHandoffNotification({ id, ...body }: SaveHandoffInput): Promise<HandoffNotificationSetting> {
  const response = id
    ? await api.patch<{ data: HandoffNotificationSetting }>(`${PATH}/${encodeURIComponent(id)}`, body)
    : await api.post<{ data: HandoffNotificationSetting }>(PATH, body);
  return response.data;
}

export const deleteHandoffNotification = (id: string) => api.delete<void>(`${PATH}/${encodeURIComponent(id)}`);

export function useSaveHandoffNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHandoffNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: handoffNotificationsQueryKey }),
  });
}

export function useDeleteHandoffNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHandoffNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: handoffNotificationsQueryKey }),
  });
}
