import { HISTORY_API } from '@tocsin/contracts';
import type { HistoryPage, HistoryQuery } from '@tocsin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';

/** Not a ['view', ...] key: the log only grows, and new events are offered rather than pushed in. */
export const historyQueryKeyRoot = ['history', 'events'] as const;
export const historyQueryKey = (query: HistoryQuery) => [...historyQueryKeyRoot, query] as const;

export const getHistory = (query: HistoryQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<HistoryPage>(withQuery(HISTORY_API, { ...query }), { signal });

export function useHistory(query: HistoryQuery) {
  return useQuery({
    queryKey: historyQueryKey(query),
    queryFn: ({ signal }) => getHistory(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
