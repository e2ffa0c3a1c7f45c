import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { incidentVisitPath, type IncidentChangesResponse } from '@tocsin/contracts';
import { incidentChangesKey } from './get-incident-changes';

/** This person has seen the incident up to `position` (its latest when not given). */
export const recordIncidentVisit = async ({ incidentId, position }: { incidentId: string; position?: number }) =>
  api.post<IncidentChangesResponse>(incidentVisitPath(incidentId), position === undefined ? {} : { position });

export function useRecordIncidentVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordIncidentVisit,
    onSuccess: (answer, { incidentId }) => queryClient.setQueryData(incidentChangesKey(incidentId), answer),
  });
}
