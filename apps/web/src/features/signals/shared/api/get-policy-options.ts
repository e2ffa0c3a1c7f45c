import { ViewNames, type EscalationPoliciesResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

/** A team's escalation policies, for choosing a source's default one. */
export function usePolicyOptions(teamId: string | null) {
  return useQuery({
    queryKey: viewKey(ViewNames.escalationPolicies, 'signals-options', teamId),
    queryFn: async ({ signal }) =>
      (
        await api.get<EscalationPoliciesResponse>(`/api/v1/teams/${encodeURIComponent(teamId!)}/escalation_policies`, {
          signal,
        })
      ).data,
    enabled: teamId !== null,
  });
}
