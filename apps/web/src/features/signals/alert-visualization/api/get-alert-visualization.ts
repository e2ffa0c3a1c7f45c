import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import {
  ALERT_VISUALIZATION_API,
  ViewNames,
  type AlertVisualizationQuery,
  type AlertVisualizationResponse,
} from '@tocsin/contracts';

/**
 * The alert charts' figures for a window. Live: a change to the alert-episodes view (an alert triggered,
 * acknowledged or resolved) refetches them (app/live-queries); the previous figures stay on screen meanwhile.
 */
export function useAlertVisualization(query: AlertVisualizationQuery) {
  return useQuery({
    queryKey: viewKey(ViewNames.alertEpisodes, 'charts', query),
    queryFn: ({ signal }) =>
      api.get<AlertVisualizationResponse>(withQuery(ALERT_VISUALIZATION_API, { ...query }), { signal }),
    placeholderData: keepPreviousData,
  });
}
