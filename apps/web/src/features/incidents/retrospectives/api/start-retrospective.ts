import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retrospectivePath, type RetrospectiveResponse } from '@tocsin/contracts';
import { retrospectiveKey } from './get-retrospective';

export const startRetrospective = async ({ incidentId, templateId }: { incidentId: string; templateId: string }) =>
  (await api.post<RetrospectiveResponse>(retrospectivePath(incidentId), { template_id: templateId })).data;

/** One per incident: a second start answers 409 (someone started it first). */
export function useStartRetrospective() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startRetrospective,
    onSuccess: (retrospective) => queryClient.setQueryData(retrospectiveKey(retrospective.incident_id), retrospective),
    onError: (_error, { incidentId }) => queryClient.invalidateQueries({ queryKey: retrospectiveKey(incidentId) }),
  });
}
