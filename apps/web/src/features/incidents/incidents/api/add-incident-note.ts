import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentNotesPath, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const addIncidentNote = async ({ incidentId, body }: { incidentId: string; body: string }) =>
  (await api.post<{ data: Incident }>(incidentNotesPath(incidentId), { body })).data;

/** Writes a note on the timeline. */
export function useAddIncidentNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addIncidentNote,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
