import { escalationPolicyPath, type EscalationPolicy, type EscalationPolicyChangeRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { policiesChanged } from './policies-cache';

export const updateEscalationPolicy = async (teamId: string, policyId: string, body: EscalationPolicyChangeRequest) =>
  (await api.patch<{ data: EscalationPolicy }>(escalationPolicyPath(teamId, policyId), body)).data;

export function useUpdateEscalationPolicy(teamId: string, policyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EscalationPolicyChangeRequest) => updateEscalationPolicy(teamId, policyId, body),
    onSuccess: () => policiesChanged(queryClient),
  });
}
