import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { incidentChangesPath, ViewNames, type IncidentChangesResponse } from '@tocsin/contracts';

export const incidentChangesKey = (incidentId: string) => viewKey(ViewNames.incidentTimeline, 'changes', incidentId);

export const getIncidentChanges = async (incidentId: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<IncidentChangesResponse>(incidentChangesPath(incidentId), { signal });

/** What happened to the incident since this person last recorded a visit, oldest first. */
export function useIncidentChanges(incidentId: string) {
  return useQuery({
    queryKey: incidentChangesKey(incidentId),
    queryFn: ({ signal }) => getIncidentChanges(incidentId, { signal }),
  });
}
