import { escalationPoliciesPath, type EscalationPolicy, type EscalationPolicyRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { policiesChanged } from './policies-cache';

export const createEscalationPolicy = async (teamId: string, body: EscalationPolicyRequest) =>
  (await api.post<{ data: EscalationPolicy }>(escalationPoliciesPath(teamId), body)).data;

export function useCreateEscalationPolicy(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EscalationPolicyRequest) => createEscalationPolicy(teamId, body),
    onSuccess: () => policiesChanged(queryClient),
  });
}
