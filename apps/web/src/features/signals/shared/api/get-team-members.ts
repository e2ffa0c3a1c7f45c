import { ViewNames, type Team } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

/** One team's members, for choosing a person inside it. */
export function useTeamMembers(teamId: string | null) {
  return useQuery({
    queryKey: viewKey(ViewNames.teams, 'signals-members', teamId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Team }>(`/api/v1/teams/${encodeURIComponent(teamId!)}`, { signal })).data.memberships,
    enabled: teamId !== null,
  });
}
