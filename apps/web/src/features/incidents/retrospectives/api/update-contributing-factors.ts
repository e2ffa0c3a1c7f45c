import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retrospectiveFactorPath, retrospectiveFactorsPath, type RetrospectiveResponse } from '@tocsin/contracts';
import { retrospectiveKey } from './get-retrospective';

type Change = { incidentId: string } & ({ add: string } | { remove: string });

/** Adds one contributing factor (`add`: its text) or removes one (`remove`: its id). */
export const updateContributingFactors = async (change: Change) =>
  'add' in change
    ? (await api.post<RetrospectiveResponse>(retrospectiveFactorsPath(change.incidentId), { text: change.add })).data
    : (await api.delete<RetrospectiveResponse>(retrospectiveFactorPath(change.incidentId, change.remove))).data;

export function useUpdateContributingFactors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContributingFactors,
    onSuccess: (retrospective) => queryClient.setQueryData(retrospectiveKey(retrospective.incident_id), retrospective),
  });
}
