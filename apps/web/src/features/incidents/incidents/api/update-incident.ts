import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentPath, type ChangeIncidentRequest, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const updateIncident = async ({ incidentId, body }: { incidentId: string; body: ChangeIncidentRequest }) =>
  (await api.patch<{ data: Incident }>(incidentPath(incidentId), body)).data;

/** Changes fields, each with the version it was based on: a field someone else saved since answers 409 with `conflicts`. */
export function useUpdateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIncident,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
