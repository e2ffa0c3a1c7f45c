import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentMilestonePath, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const setIncidentMilestone = async ({
  incidentId,
  milestone,
  at,
}: {
  incidentId: string;
  milestone: string;
  at: string | null;
}) => (await api.put<{ data: Incident }>(incidentMilestonePath(incidentId, milestone), { at })).data;

/** Sets (or with `at: null` clears) a milestone; a time out of order is refused with a message naming the neighbour. */
export function useSetIncidentMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setIncidentMilestone,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
