import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventSourceTokenPath, type EventSourceWithSecrets } from '@tocsin/contracts';
import { sourcesKey } from './get-event-sources';

/** The old URL stops working at once; the answer holds the new one, shown this once. */
export const rotateEventSourceToken = async (sourceId: string) =>
  (await api.post<{ data: EventSourceWithSecrets }>(eventSourceTokenPath(sourceId), {})).data;

export function useRotateEventSourceToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateEventSourceToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey() }),
  });
}
