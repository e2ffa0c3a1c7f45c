import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { INCIDENT_FOLLOW_UPS_API, ViewNames, type IncidentFollowUpsResponse } from '@tocsin/contracts';

export interface AllFollowUpsQuery {
  owner?: 'mine' | 'all';
  /** Comma-separated follow-up statuses. */
  status?: string;
  page?: number;
  per_page?: number;
}

export const getAllFollowUps = (query: AllFollowUpsQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<IncidentFollowUpsResponse>(withQuery(INCIDENT_FOLLOW_UPS_API, { ...query }), { signal });

/** Follow-ups across incidents (`/incidents/follow_ups`), closed incidents' included; live with their view. */
export function useAllFollowUps(query: AllFollowUpsQuery) {
  return useQuery({
    queryKey: viewKey(ViewNames.incidentFollowUps, 'all', query),
    queryFn: ({ signal }) => getAllFollowUps(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
