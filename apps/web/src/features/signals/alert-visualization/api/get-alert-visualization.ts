import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { ALERT_VISUALIZATION_API, ViewNames, type AlertVisualizationResponse } from '@tocsin/contracts';
import { windowQuery } from '../lib/chart-window';

/**
 * The alert charts' figures for the last `days` days (of one team, or every team). Live: a change to the
 * alert-episodes view (an alert triggered, acknowledged or resolved) refetches them (app/live-queries); the
 * previous figures stay on screen meanwhile. Each fetch's window ends at its own time, so a page left open keeps
 * counting the alerts that arrive after it loaded.
 */
export function useAlertVisualization({ days, teamId }: { days: number; teamId: string | null }) {
  return useQuery({
    queryKey: viewKey(ViewNames.alertEpisodes, 'charts', { days, teamId }),
    queryFn: ({ signal }) =>
      api.get<AlertVisualizationResponse>(
        withQuery(ALERT_VISUALIZATION_API, { ...windowQuery(days, Date.now()), ...(teamId && { team_id: teamId }) }),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
