import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { ViewNames, type Alert } from '@tocsin/contracts';
import { alertsKey } from './get-alerts';

export const alertKey = (alertId: string) => alertsKey('one', alertId);
export const timelineKey = (alertId: string) => viewKey(ViewNames.alertTimeline, alertId);

/** A 404 (another organization's id, or none) is an answer, not a failure to retry. */
export const retryUnlessMissing = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status === 404) && failures < 2;

/** After any action: what the server answered shows at once; lists and the timeline are asked again. */
export function useAlertChanged() {
  const queryClient = useQueryClient();
  return async (alertId: string, alert?: Alert) => {
    if (alert?.id) queryClient.setQueryData(alertKey(alertId), alert);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: alertsKey() }),
      queryClient.invalidateQueries({ queryKey: timelineKey(alertId) }),
    ]);
  };
}
