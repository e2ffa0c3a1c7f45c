import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { maintenanceCancelPath, type MaintenanceResponse } from '@tocsin/contracts';
import { maintenancesKey } from './get-maintenances';

/** Called off: the alerts it holds page at once. */
export const cancelMaintenance = async (maintenanceId: string) =>
  (await api.post<MaintenanceResponse>(maintenanceCancelPath(maintenanceId), {})).data;

export function useCancelMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMaintenance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenancesKey() }),
  });
}
