import { ViewNames, type Team, type TeamsResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

/**
 * The organization's teams with their members (the API's largest page): names for pickers and for an alert's
 * team (every role may read teams; not every role may list users).
 */
export function useTeamOptions() {
  return useQuery({
    queryKey: viewKey(ViewNames.teams, 'signals-options'),
    queryFn: async ({ signal }) =>
      (await api.get<TeamsResponse<Team>>(withQuery('/api/v1/teams', { per_page: 100 }), { signal })).data,
    staleTime: 30_000,
  });
}

/** id -> name, so rows can say a team's name when they carry only its id. */
export function useTeamNames(): Map<string, string> {
  const teams = useTeamOptions();
  return new Map((teams.data ?? []).map((team) => [team.id, team.name]));
}
