import {
  NOTIFICATION_POLICY_ITEMS_API,
  notificationPolicyItemPath,
  type NotificationPolicyItem,
  type NotificationPolicyItemRequest,
} from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { policyChanged } from './policy-cache';

export type SavePolicyItemInput = NotificationPolicyItemRequest & { id?: string };

/** With an id the item is changed (PATCH), without one created (POST). */
export async function savePolicyItem({ id, ...body }: SavePolicyItemInput): Promise<NotificationPolicyItem> {
  const response = id
    ? await api.patch<{ data: NotificationPolicyItem }>(notificationPolicyItemPath(id), body)
    : await api.post<{ data: NotificationPolicyItem }>(NOTIFICATION_POLICY_ITEMS_API, body);
  return response.data;
}

export function useSavePolicyItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePolicyItem, onSuccess: () => policyChanged(queryClient) });
}
