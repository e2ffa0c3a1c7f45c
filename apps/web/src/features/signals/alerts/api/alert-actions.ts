import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Alert, ReassignAlertRequest } from '@tocsin/contracts';
import { alertPath, alertKey, timelineKey } from './get-alert';
import { alertsKey } from './get-alerts';

export type AlertAction = 'acknowledge' | 'resolve' | 'escalate';

export const runAlertAction = async ({ alertId, action }: { alertId: string; action: AlertAction }) =>
  (await api.post<{ data: Alert }>(`${alertPath(alertId)}/${action}`, {})).data;

export const reassignAlert = async ({ alertId, ...body }: ReassignAlertRequest & { alertId: string }) =>
  (await api.post<{ data: Alert }>(`${alertPath(alertId)}/reassign`, body)).data;

/** After any action: what the server answered shows at once; lists and the timeline are asked again. */
function useAlertChanged() {
  const queryClient = useQueryClient();
  return async (alertId: string, alert?: Alert) => {
    if (alert?.id) queryClient.setQueryData(alertKey(alertId), alert);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: alertsKey() }),
      queryClient.invalidateQueries({ queryKey: timelineKey(alertId) }),
    ]);
  };
}

export function useAlertAction() {
  const changed = useAlertChanged();
  return useMutation({
    mutationFn: runAlertAction,
    onSuccess: (alert, { alertId }) => changed(alertId, alert),
  });
}

export function useReassignAlert() {
  const changed = useAlertChanged();
  return useMutation({
    mutationFn: reassignAlert,
    onSuccess: (alert, { alertId }) => changed(alertId, alert),
  });
}
