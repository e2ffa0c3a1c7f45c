import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { ALERTS_API, ViewNames, type AlertsQuery, type AlertsResponse } from '@tocsin/contracts';

export const alertsKey = (...rest: unknown[]) => viewKey(ViewNames.alerts, ...rest);

export const getAlerts = (query: AlertsQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<AlertsResponse>(withQuery(ALERTS_API, { ...query }), { signal });

/**
 * The alert list for these filters. Live: a change to the alerts view refetches it (app/live-queries), and
 * the previous answer stays on screen meanwhile so rows do not blink.
 */
export function useAlerts(query: AlertsQuery) {
  return useQuery({
    queryKey: alertsKey('list', query),
    queryFn: ({ signal }) => getAlerts(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
