import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { maintenancePath, type MaintenanceChangeRequest, type MaintenanceResponse } from '@tocsin/contracts';
import { maintenancesKey } from './get-maintenances';

export const changeMaintenance = async ({
  maintenanceId,
  body,
}: {
  maintenanceId: string;
  body: MaintenanceChangeRequest;
}) => (await api.patch<MaintenanceResponse>(maintenancePath(maintenanceId), body)).data;

export function useChangeMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMaintenance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenancesKey() }),
  });
}
