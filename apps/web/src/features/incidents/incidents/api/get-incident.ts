import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { incidentPath, ViewNames, type Incident } from '@tocsin/contracts';
import { incidentTimelineKey } from './get-incident-timeline';

export const incidentKey = (incidentId: string) => viewKey(ViewNames.incidents, 'one', incidentId);

export const getIncident = async (incidentId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: Incident }>(incidentPath(incidentId), { signal })).data;

/** One incident with its versions, roles, tasks, follow-ups, links, durations and stars. */
export function useIncident(incidentId: string) {
  return useQuery({
    queryKey: incidentKey(incidentId),
    queryFn: ({ signal }) => getIncident(incidentId, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

/** Every change answers the incident as it now is: show it at once, and read the timeline again. */
export function storeIncident(queryClient: QueryClient, incident: Incident) {
  queryClient.setQueryData(incidentKey(incident.id), incident);
  return queryClient.invalidateQueries({ queryKey: incidentTimelineKey(incident.id) });
}
