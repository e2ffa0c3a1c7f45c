import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { maintenancePath, type MaintenanceResponse } from '@tocsin/contracts';
import { maintenancesKey } from './get-maintenances';

export const getMaintenance = async (maintenanceId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<MaintenanceResponse>(maintenancePath(maintenanceId), { signal })).data;

export function useMaintenance(maintenanceId: string) {
  return useQuery({
    queryKey: maintenancesKey('one', maintenanceId),
    queryFn: ({ signal }) => getMaintenance(maintenanceId, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}
