import { escalationPolicyPath } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { policiesChanged } from './policies-cache';

export const deleteEscalationPolicy = (teamId: string, policyId: string) =>
  api.delete<void>(escalationPolicyPath(teamId, policyId));

export function useDeleteEscalationPolicy(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policyId: string) => deleteEscalationPolicy(teamId, policyId),
    onSuccess: () => policiesChanged(queryClient),
  });
}
