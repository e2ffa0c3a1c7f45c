import { ViewNames } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { getTeams } from '@/features/teams/api/get-teams';
import { viewKey } from '@/lib/socket';

/**
 * The organization's teams with their members (the API's largest page): names for pickers and for an alert's
 * team (every role may read teams; not every role may list users).
 */
export function useTeamOptions() {
  return useQuery({
    queryKey: viewKey(ViewNames.teams, 'signals-options'),
    queryFn: async ({ signal }) => (await getTeams({ per_page: 100 }, { signal })).data,
    staleTime: 30_000,
  });
}
