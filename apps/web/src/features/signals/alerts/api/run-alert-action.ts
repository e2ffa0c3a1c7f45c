import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alertActionPath, type Alert } from '@tocsin/contracts';
import { useAlertChanged } from './alert-cache';

export type AlertAction = 'acknowledge' | 'resolve' | 'escalate';

export const runAlertAction = async ({ alertId, action }: { alertId: string; action: AlertAction }) =>
  (await api.post<{ data: Alert }>(alertActionPath(alertId, action), {})).data;

export function useAlertAction() {
  const changed = useAlertChanged();
  return useMutation({
    mutationFn: runAlertAction,
    onSuccess: (alert, { alertId }) => changed(alertId, alert),
  });
}
