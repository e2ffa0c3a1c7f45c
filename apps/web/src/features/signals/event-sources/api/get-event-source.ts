import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { eventSourcePath, type EventSource } from '@tocsin/contracts';
import { sourcesKey } from './get-event-sources';

export const getEventSource = async (sourceId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: EventSource }>(eventSourcePath(sourceId), { signal })).data;

/** One source with its limit and this minute's count; refetched on every change of the sources view. */
export function useEventSource(sourceId: string) {
  return useQuery({
    queryKey: sourcesKey('one', sourceId),
    queryFn: ({ signal }) => getEventSource(sourceId, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
    // the minute's count moves with every payload, which changes no view: asked again while the page is open
    refetchInterval: 10_000,
  });
}
