import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { maintenanceEndPath, type MaintenanceResponse } from '@tocsin/contracts';
import { maintenancesKey } from './get-maintenances';

/** Over now, before its planned end: the alerts it holds page at once. */
export const endMaintenance = async (maintenanceId: string) =>
  (await api.post<MaintenanceResponse>(maintenanceEndPath(maintenanceId), {})).data;

export function useEndMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endMaintenance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenancesKey() }),
  });
}
