import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import {
  incidentTimelinePath,
  ViewNames,
  type IncidentTimelineEntry,
  type IncidentTimelineResponse,
} from '@tocsin/contracts';

/** The most entries the API answers at once; a longer timeline is read on from the last position. */
const PAGE = 1000;

export const incidentHistoryTimelineKey = (incidentId: string) =>
  viewKey(ViewNames.incidentTimeline, 'history', incidentId);

/** Every entry of the incident, oldest first, read page by page (`after` the last one read). */
export async function getIncidentHistoryTimeline(
  incidentId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<IncidentTimelineResponse> {
  const entries: IncidentTimelineEntry[] = [];
  let lastPosition = 0;
  for (let after: number | undefined; ;) {
    const page = await api.get<IncidentTimelineResponse>(
      withQuery(incidentTimelinePath(incidentId), { order: 'asc', limit: PAGE, after }),
      { signal },
    );
    entries.push(...page.data);
    lastPosition = page.last_position;
    if (page.data.length < PAGE) break;
    after = page.data[page.data.length - 1].position;
  }
  return { data: entries, last_position: lastPosition };
}

/**
 * The whole timeline oldest first, for stepping through the incident's past (the step-through view). Not the
 * live incident page's timeline (newest first, paged as it is read): this one needs every step to count them.
 */
export function useIncidentHistoryTimeline(incidentId: string) {
  return useQuery({
    queryKey: incidentHistoryTimelineKey(incidentId),
    queryFn: ({ signal }) => getIncidentHistoryTimeline(incidentId, { signal }),
  });
}
