import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventSourcePath, type EventSource, type EventSourceChangeRequest } from '@tocsin/contracts';
import { sourcesKey } from './get-event-sources';

/** PATCH: the settings only (name, default team and policy, limit, quiet period); the format and token stay. */
export const changeEventSource = async ({ sourceId, body }: { sourceId: string; body: EventSourceChangeRequest }) =>
  (await api.patch<{ data: EventSource }>(eventSourcePath(sourceId), body)).data;

export function useChangeEventSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEventSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey() }),
  });
}
