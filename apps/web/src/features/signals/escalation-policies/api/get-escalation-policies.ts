import { escalationPoliciesPath, ViewNames, type EscalationPoliciesResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const policiesQueryKey = (teamId: string) => viewKey(ViewNames.escalationPolicies, 'team', teamId);

export const getEscalationPolicies = async (teamId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<EscalationPoliciesResponse>(escalationPoliciesPath(teamId), { signal })).data;

/** A team's policies; none asked while there is no team (`enabled`). */
export function useEscalationPolicies(teamId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: policiesQueryKey(teamId ?? ''),
    queryFn: ({ signal }) => getEscalationPolicies(teamId!, { signal }),
    enabled: enabled && teamId !== null,
  });
}
