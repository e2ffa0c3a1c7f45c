import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentLinksPath, type Incident } from '@tocsin/contracts';
import { storeIncident } from './get-incident';

export const addIncidentLink = async ({
  incidentId,
  url,
  title,
}: {
  incidentId: string;
  url: string;
  title?: string;
}) => (await api.post<{ data: Incident }>(incidentLinksPath(incidentId), { url, title })).data;

/** Adds an http(s) link to the incident. */
export function useAddIncidentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addIncidentLink,
    onSuccess: (incident) => storeIncident(queryClient, incident),
  });
}
