import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retrospectiveStatusPath, type RetrospectiveResponse, type RetrospectiveStatusName } from '@tocsin/contracts';
import { retrospectiveKey } from './get-retrospective';

export const changeRetrospectiveState = async ({
  incidentId,
  status,
}: {
  incidentId: string;
  status: RetrospectiveStatusName;
}) => (await api.put<RetrospectiveResponse>(retrospectiveStatusPath(incidentId), { status })).data;

export function useChangeRetrospectiveState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRetrospectiveState,
    onSuccess: (retrospective) => queryClient.setQueryData(retrospectiveKey(retrospective.incident_id), retrospective),
    onError: (_error, { incidentId }) => queryClient.invalidateQueries({ queryKey: retrospectiveKey(incidentId) }),
  });
}
