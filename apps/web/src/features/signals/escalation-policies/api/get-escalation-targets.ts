import { escalationTargetsPath, ViewNames } from '@tocsin/contracts';
import type { EscalationTargetsQuery, EscalationTargetsResponse } from '@tocsin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

/** SPEC.md section 7: option loaders page by 20. */
const OPTIONS_PER_PAGE = 20;

export const getEscalationTargets = (teamId: string, query: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<EscalationTargetsResponse>(
    withQuery(escalationTargetsPath(teamId), {
      query,
      page: 1,
      per_page: OPTIONS_PER_PAGE,
    } satisfies EscalationTargetsQuery),
    { signal },
  );

/** The organization's members and teams a step of the team's policies may page, matching what was typed. */
export function useEscalationTargets(teamId: string, query: string) {
  return useQuery({
    queryKey: viewKey(ViewNames.teams, 'escalation-targets', teamId, query),
    queryFn: ({ signal }) => getEscalationTargets(teamId, query, { signal }),
    placeholderData: keepPreviousData,
  });
}
