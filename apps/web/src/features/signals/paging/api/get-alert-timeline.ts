import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alertTimelinePath, type AlertTimelineResponse } from '@tocsin/contracts';
import { retryUnlessMissing, timelineKey } from '../../alerts/api/alert-cache';

export const getAlertTimeline = (alertId: string, signal?: AbortSignal) =>
  api.get<AlertTimelineResponse>(alertTimelinePath(alertId), { signal });

/**
 * Every routing decision and notification attempt of the alert, oldest first, with the names of the people
 * they mention (`people`); live through the timeline view.
 */
export function useAlertTimeline(alertId: string) {
  return useQuery({
    queryKey: timelineKey(alertId),
    queryFn: ({ signal }) => getAlertTimeline(alertId, signal),
    retry: retryUnlessMissing,
  });
}
