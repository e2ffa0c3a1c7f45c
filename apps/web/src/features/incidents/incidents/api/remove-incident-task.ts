import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentTaskPath, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const removeIncidentTask = async ({ incidentId, taskId }: { incidentId: string; taskId: string }) =>
  (await api.delete<{ data: Incident }>(incidentTaskPath(incidentId, taskId))).data;

/** Removes one of the incident's tasks (the timeline keeps that it was removed); by task id, for a confirm step. */
export function useRemoveIncidentTask(incidentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => removeIncidentTask({ incidentId, taskId }),
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
