import { ViewNames, TEAMS_API } from '@tocsin/contracts';
import type { Team, TeamsQuery, TeamsResponse } from '@tocsin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const TEAMS_PER_PAGE = 20;

export const getTeams = (query: TeamsQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<TeamsResponse<Team>>(withQuery(TEAMS_API, { ...query }), { signal });

/** All the organization's teams, a page at a time; the previous page stays on screen while the next loads. */
export function useTeams(page: number) {
  const query: TeamsQuery = { page, per_page: TEAMS_PER_PAGE };
  return useQuery({
    queryKey: viewKey(ViewNames.teams, 'list', query),
    queryFn: ({ signal }) => getTeams(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
