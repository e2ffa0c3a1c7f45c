import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alertActionPath, type Alert, type ReassignAlertRequest } from '@tocsin/contracts';
import { useAlertChanged } from '../../alerts/api/alert-cache';

export const reassignAlert = async ({ alertId, ...body }: ReassignAlertRequest & { alertId: string }) =>
  (await api.post<{ data: Alert }>(alertActionPath(alertId, 'reassign'), body)).data;

export function useReassignAlert() {
  const changed = useAlertChanged();
  return useMutation({
    mutationFn: reassignAlert,
    onSuccess: (alert, { alertId }) => changed(alertId, alert),
  });
}
