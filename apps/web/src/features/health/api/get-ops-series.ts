import { OPS_SERIES_API, type OpsSeries, type OpsSeriesResponse } from '@tocsin/contracts';
import { parseDuration } from '@tocsin/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';

/** Until the first answer says the step, the charts ask again as often as the processes sample by default. */
const DEFAULT_STEP_MS = 10_000;

export const opsSeriesQueryKey = (window: string) => ['ops', 'series', window] as const;

export const getOpsSeries = (window: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<OpsSeriesResponse>(withQuery(OPS_SERIES_API, { window }), { signal }).then((body) => body.data);

/** How often the charts move: once a step, when a new point can be there. */
export const stepMs = (series: OpsSeries | undefined) =>
  Math.max(1_000, (series && parseDuration(series.step)! * 1000) || DEFAULT_STEP_MS);

/** The ops charts' series over `window`, asked again each step; the previous figures stay drawn meanwhile. */
export function useOpsSeries(window: string) {
  return useQuery({
    queryKey: opsSeriesQueryKey(window),
    queryFn: ({ signal }) => getOpsSeries(window, { signal }),
    refetchInterval: (query) => stepMs(query.state.data),
    placeholderData: keepPreviousData,
  });
}
