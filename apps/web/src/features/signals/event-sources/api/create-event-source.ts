import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { EVENT_SOURCES_API, type EventSourceRequest, type EventSourceWithSecrets } from '@tocsin/contracts';
import { sourcesKey } from './get-event-sources';

export const createEventSource = async (body: EventSourceRequest) =>
  (await api.post<{ data: EventSourceWithSecrets }>(EVENT_SOURCES_API, body)).data;

export function useCreateEventSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEventSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey() }),
  });
}
