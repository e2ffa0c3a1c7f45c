import { ViewNames } from '@tocsin/contracts';
import type {
  EscalationPoliciesResponse,
  EscalationPolicy,
  EscalationPolicyChangeRequest,
  EscalationPolicyRequest,
} from '@tocsin/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

const base = (teamId: string) => `/api/v1/teams/${encodeURIComponent(teamId)}/escalation_policies`;
export const policiesQueryKey = (teamId: string) => viewKey(ViewNames.escalationPolicies, 'team', teamId);
const policyQueryKey = (teamId: string, id: string) => viewKey(ViewNames.escalationPolicies, 'team', teamId, id);

export function useEscalationPolicies(teamId: string) {
  return useQuery({
    queryKey: policiesQueryKey(teamId),
    queryFn: async ({ signal }) => (await api.get<EscalationPoliciesResponse>(base(teamId), { signal })).data,
  });
}

export function useEscalationPolicy(teamId: string, policyId: string) {
  return useQuery({
    queryKey: policyQueryKey(teamId, policyId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: EscalationPolicy }>(`${base(teamId)}/${encodeURIComponent(policyId)}`, { signal })).data,
  });
}

const changed = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.escalationPolicies) });

export function useCreateEscalationPolicy(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EscalationPolicyRequest) =>
      (await api.post<{ data: EscalationPolicy }>(base(teamId), body)).data,
    onSuccess: () => changed(queryClient),
  });
}

export function useUpdateEscalationPolicy(teamId: string, policyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EscalationPolicyChangeRequest) =>
      (await api.patch<{ data: EscalationPolicy }>(`${base(teamId)}/${encodeURIComponent(policyId)}`, body)).data,
    onSuccess: () => changed(queryClient),
  });
}

export function useDeleteEscalationPolicy(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policyId: string) => api.delete(`${base(teamId)}/${encodeURIComponent(policyId)}`),
    onSuccess: () => changed(queryClient),
  });
}
