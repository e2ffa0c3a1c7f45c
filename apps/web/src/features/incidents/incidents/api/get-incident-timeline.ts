import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { incidentTimelinePath, ViewNames, type IncidentTimelineResponse } from '@tocsin/contracts';

export const incidentTimelineKey = (incidentId: string) => viewKey(ViewNames.incidentTimeline, incidentId);

/** The API's largest page: the room reads the whole record in one answer. */
const TIMELINE_LIMIT = 1000;

export const getIncidentTimeline = (incidentId: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<IncidentTimelineResponse>(
    withQuery(incidentTimelinePath(incidentId), { order: 'asc', limit: TIMELINE_LIMIT }),
    {
      signal,
    },
  );

/**
 * The incident's timeline, oldest first, one entry per log position (the page orders and folds it). Read whole
 * again after each room event, so an event heard live and again on catch-up is shown once.
 */
export function useIncidentTimeline(incidentId: string) {
  return useQuery({
    queryKey: incidentTimelineKey(incidentId),
    queryFn: ({ signal }) => getIncidentTimeline(incidentId, { signal }),
  });
}
