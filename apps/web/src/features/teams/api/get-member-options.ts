import { ViewNames, teamMemberOptionsPath } from '@tocsin/contracts';
import type { TeamMemberOptionsQuery, TeamMemberOptionsResponse } from '@tocsin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

/** SPEC.md section 7: option loaders page by 20. */
const OPTIONS_PER_PAGE = 20;

export const getMemberOptions = (teamId: string, query: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<TeamMemberOptionsResponse>(
    withQuery(teamMemberOptionsPath(teamId), {
      query,
      page: 1,
      per_page: OPTIONS_PER_PAGE,
    } satisfies TeamMemberOptionsQuery),
    { signal },
  );

/** Organization members who are not in the team yet, matching what was typed. */
export function useMemberOptions(teamId: string, query: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: viewKey(ViewNames.teams, 'member-options', teamId, query),
    queryFn: ({ signal }) => getMemberOptions(teamId, query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
