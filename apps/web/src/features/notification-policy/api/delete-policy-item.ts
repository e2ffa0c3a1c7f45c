import { notificationPolicyItemPath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { policyChanged } from './policy-cache';

export const deletePolicyItem = (id: string) => api.delete<void>(notificationPolicyItemPath(id));

export function useDeletePolicyItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePolicyItem, onSuccess: () => policyChanged(queryClient) });
}
