import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventSourceSigningSecretPath, type EventSourceWithSecrets } from '@tocsin/contracts';
import { sourcesKey } from './get-event-sources';

/** A new signing secret (payloads must then carry a signature made with it), in this answer only; or none. */
export const setSigningSecret = async ({ sourceId, signed }: { sourceId: string; signed: boolean }) =>
  signed
    ? (await api.post<{ data: EventSourceWithSecrets }>(eventSourceSigningSecretPath(sourceId), {})).data
    : (await api.delete<{ data: EventSourceWithSecrets }>(eventSourceSigningSecretPath(sourceId))).data;

export function useSetSigningSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSigningSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey() }),
  });
}
