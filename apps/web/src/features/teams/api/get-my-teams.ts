import { ViewNames, TEAMS_API } from '@tocsin/contracts';
import type { TeamsResponse, TeamSummary } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const myTeamsQueryKey = viewKey(ViewNames.teams, 'mine');

/**
 * SPEC.md section 9: the Teams menu uses a lite list of the user's own teams. The menu is in every
 * page's header, so a failure reads as no teams rather than breaking the shell.
 */
export async function getMyTeams({ signal }: { signal?: AbortSignal } = {}): Promise<TeamSummary[]> {
  try {
    const body = await api.get<TeamsResponse<TeamSummary>>(withQuery(TEAMS_API, { my_teams: true, lite: true }), {
      signal,
    });
    return Array.isArray(body?.data) ? body.data : [];
  } catch {
    return [];
  }
}

export function useMyTeams({ enabled = true } = {}) {
  return useQuery({ queryKey: myTeamsQueryKey, queryFn: getMyTeams, enabled });
}
