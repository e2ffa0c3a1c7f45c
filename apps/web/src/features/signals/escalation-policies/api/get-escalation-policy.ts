import { escalationPolicyPath, ViewNames, type EscalationPolicy } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

const policyQueryKey = (teamId: string, id: string) => viewKey(ViewNames.escalationPolicies, 'team', teamId, id);

export const getEscalationPolicy = async (
  teamId: string,
  policyId: string,
  { signal }: { signal?: AbortSignal } = {},
) => (await api.get<{ data: EscalationPolicy }>(escalationPolicyPath(teamId, policyId), { signal })).data;

export function useEscalationPolicy(teamId: string, policyId: string) {
  return useQuery({
    queryKey: policyQueryKey(teamId, policyId),
    queryFn: ({ signal }) => getEscalationPolicy(teamId, policyId, { signal }),
  });
}
