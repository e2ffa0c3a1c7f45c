import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alertPendingNotificationsPath, type AlertPendingNotificationsResponse } from '@tocsin/contracts';
import { timelineKey } from '../../alerts/api/alert-cache';

export const getAlertPendingNotifications = (alertId: string, signal?: AbortSignal) =>
  api.get<AlertPendingNotificationsResponse>(alertPendingNotificationsPath(alertId), { signal });

/** What the alert will still send; under the timeline's key, so each change to the alert refreshes it. */
export function useAlertPendingNotifications(alertId: string) {
  return useQuery({
    queryKey: [...timelineKey(alertId), 'pending-notifications'],
    queryFn: ({ signal }) => getAlertPendingNotifications(alertId, signal),
  });
}
