import { HISTORY_AS_OF_API } from '@tocsin/contracts';
import type { AsOfQuery, AsOfResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';

export type AsOfRequest = AsOfQuery;

export const asOfQueryKey = (request: AsOfRequest) => ['history', 'as-of', request.view, request.position] as const;

export const getAsOf = (request: AsOfRequest, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<AsOfResponse>(
    withQuery(HISTORY_AS_OF_API, { view: request.view, position: request.position } satisfies AsOfQuery),
    { signal },
  );

export function useAsOf(request: AsOfRequest | null) {
  return useQuery({
    queryKey: request ? asOfQueryKey(request) : ['history', 'as-of', null],
    queryFn: ({ signal }) => getAsOf(request!, { signal }),
    enabled: request !== null,
  });
}
