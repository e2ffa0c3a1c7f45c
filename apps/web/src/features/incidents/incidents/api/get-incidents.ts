import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { INCIDENTS_API, ViewNames, type IncidentsResponse } from '@tocsin/contracts';

/** GET /api/v1/incidents's query: comma-separated `status` and `severity`, `from`/`to` bound the start. */
export interface IncidentsQuery {
  status?: string;
  severity?: string;
  team_id?: string;
  from?: string;
  to?: string;
  query?: string;
  page?: number;
  per_page?: number;
}

export const incidentsKey = (...rest: unknown[]) => viewKey(ViewNames.incidents, ...rest);

export const getIncidents = (query: IncidentsQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<IncidentsResponse>(withQuery(INCIDENTS_API, { ...query }), { signal });

/**
 * The incident list for these filters. Live: a change to the incidents view refetches it (app/live-queries), and
 * the previous answer stays on screen meanwhile so rows do not blink.
 */
export function useIncidents(query: IncidentsQuery) {
  return useQuery({
    queryKey: incidentsKey('list', query),
    queryFn: ({ signal }) => getIncidents(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
