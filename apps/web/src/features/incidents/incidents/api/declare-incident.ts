import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { INCIDENTS_API, type DeclareIncidentRequest, type Incident } from '@tocsin/contracts';
import { incidentsKey } from './get-incidents';

export const declareIncident = async (body: DeclareIncidentRequest) =>
  (await api.post<{ data: Incident }>(INCIDENTS_API, body)).data;

/** POST /api/v1/incidents: by hand, or from an alert (`alert_id`), optionally paging a team (`page`). */
export function useDeclareIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declareIncident,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incidentsKey() }),
  });
}
