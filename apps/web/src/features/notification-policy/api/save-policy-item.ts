import { ViewNames } from '@tocsin/contracts';
import type { NotificationPolicyItem, NotificationPolicyItemRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export type SavePolicyItemInput = NotificationPolicyItemRequest & { id?: string };

const PATH = '/api/v1/signals/notification_policy_items';

/** With an id the item is changed (PATCH), without one created (POST). */
export async function savePolicyItem({ id, ...body }: SavePolicyItemInput): Promise<NotificationPolicyItem> {
  const response = id
    ? await api.patch<{ data: NotificationPolicyItem }>(`${PATH}/${encodeURIComponent(id)}`, body)
    : await api.post<{ data: NotificationPolicyItem }>(PATH, body);
  return response.data;
}

export const deletePolicyItem = (id: string) => api.delete<void>(`${PATH}/${encodeURIComponent(id)}`);

/** The policy and every compliance shown beside it are asked again. */
const policyChanged = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.notificationPolicyItems) }),
    queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.notificationCompliance) }),
  ]);

export function useSavePolicyItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePolicyItem, onSuccess: () => policyChanged(queryClient) });
}

export function useDeletePolicyItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePolicyItem, onSuccess: () => policyChanged(queryClient) });
}
