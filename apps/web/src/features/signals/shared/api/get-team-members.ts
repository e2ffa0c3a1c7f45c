import { useQuery } from '@tanstack/react-query';
import { getTeam, teamQueryKey } from '@/features/teams/api/get-team';

/** One team's members, for choosing a person inside it (the team's own query: one cache entry, one call). */
export function useTeamMembers(teamId: string | null) {
  return useQuery({
    queryKey: teamQueryKey(teamId ?? ''),
    queryFn: ({ signal }) => getTeam(teamId!, { signal }),
    enabled: teamId !== null,
    select: (team) => team.memberships,
  });
}
