import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MAINTENANCES_API, type MaintenanceRequest, type MaintenanceResponse } from '@tocsin/contracts';
import { maintenancesKey } from './get-maintenances';

export const createMaintenance = async (body: MaintenanceRequest) =>
  (await api.post<MaintenanceResponse>(MAINTENANCES_API, body)).data;

export function useCreateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMaintenance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenancesKey() }),
  });
}
