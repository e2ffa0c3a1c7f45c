import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { EVENT_SOURCES_API, ViewNames, type EventSourcesResponse } from '@tocsin/contracts';

export const sourcesKey = (...rest: unknown[]) => viewKey(ViewNames.eventSources, ...rest);

export const getEventSources = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<EventSourcesResponse>(withQuery(EVENT_SOURCES_API, { per_page: 100 }), { signal })).data;

/** The organization's event sources (few: the API's largest page is all of them). */
export function useEventSources({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: sourcesKey('list'), queryFn: getEventSources, enabled });
}
