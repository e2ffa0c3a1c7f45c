import { useQuery } from '@tanstack/react-query';
import { api, ApiError, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { ViewNames, type EventSource, type EventSourcesResponse } from '@tocsin/contracts';

export const SOURCES_PATH = '/api/v1/signals/event_sources';
export const sourcePath = (sourceId: string) => `${SOURCES_PATH}/${encodeURIComponent(sourceId)}`;
export const sourcesKey = (...rest: unknown[]) => viewKey(ViewNames.eventSources, ...rest);

/** The organization's event sources (few: the API's largest page is all of them). */
export function useEventSources({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sourcesKey('list'),
    queryFn: async ({ signal }) =>
      (await api.get<EventSourcesResponse>(withQuery(SOURCES_PATH, { per_page: 100 }), { signal })).data,
    enabled,
  });
}

/** One source with its limit and this minute's count; refetched on every change of the sources view. */
export function useEventSource(sourceId: string) {
  return useQuery({
    queryKey: sourcesKey('one', sourceId),
    queryFn: async ({ signal }) => (await api.get<{ data: EventSource }>(sourcePath(sourceId), { signal })).data,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
    // the minute's count moves with every payload, which changes no view: asked again while the page is open
    refetchInterval: 10_000,
  });
}
