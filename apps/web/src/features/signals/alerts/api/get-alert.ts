import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { ViewNames, type Alert, type AlertRespondersResponse, type AlertTimelineResponse } from '@tocsin/contracts';
import { ALERTS_PATH, alertsKey } from './get-alerts';

export const alertPath = (alertId: string) => `${ALERTS_PATH}/${encodeURIComponent(alertId)}`;
export const alertKey = (alertId: string) => alertsKey('one', alertId);

export const getAlert = async (alertId: string, signal?: AbortSignal) =>
  (await api.get<{ data: Alert }>(alertPath(alertId), { signal })).data;

/** A 404 (another organization's id, or none) is an answer, not a failure to retry. */
const retryUnlessMissing = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status === 404) && failures < 2;

export function useAlert(alertId: string) {
  return useQuery({
    queryKey: alertKey(alertId),
    queryFn: ({ signal }) => getAlert(alertId, signal),
    retry: retryUnlessMissing,
  });
}

export const timelineKey = (alertId: string) => viewKey(ViewNames.alertTimeline, alertId);

export const getAlertTimeline = (alertId: string, signal?: AbortSignal) =>
  api.get<AlertTimelineResponse>(`${alertPath(alertId)}/timeline`, { signal });

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

/** Who the episode paged, with the time where each of them is; under the timeline's key, so as live as it. */
export function useAlertResponders(alertId: string) {
  return useQuery({
    queryKey: [...timelineKey(alertId), 'responders'],
    queryFn: ({ signal }) => api.get<AlertRespondersResponse>(`${alertPath(alertId)}/responders`, { signal }),
  });
}
