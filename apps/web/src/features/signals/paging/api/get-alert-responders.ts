import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alertRespondersPath, type AlertRespondersResponse } from '@tocsin/contracts';
import { timelineKey } from '../../alerts/api/alert-cache';

export const getAlertResponders = (alertId: string, signal?: AbortSignal) =>
  api.get<AlertRespondersResponse>(alertRespondersPath(alertId), { signal });

/** Who the episode paged, with the time where each of them is; under the timeline's key, so as live as it. */
export function useAlertResponders(alertId: string) {
  return useQuery({
    queryKey: [...timelineKey(alertId), 'responders'],
    queryFn: ({ signal }) => getAlertResponders(alertId, signal),
  });
}
