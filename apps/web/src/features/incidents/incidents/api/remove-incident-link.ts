import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentLinkPath, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const removeIncidentLink = async ({ incidentId, linkId }: { incidentId: string; linkId: string }) =>
  (await api.delete<{ data: Incident }>(incidentLinkPath(incidentId, linkId))).data;

/** Removes a link from the incident. */
export function useRemoveIncidentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeIncidentLink,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
