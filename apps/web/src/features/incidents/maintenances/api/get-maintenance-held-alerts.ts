import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { maintenanceHeldAlertsPath, type MaintenanceHeldAlertsResponse } from '@tocsin/contracts';
import { maintenancesKey } from './get-maintenances';

export const getMaintenanceHeldAlerts = (maintenanceId: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<MaintenanceHeldAlertsResponse>(maintenanceHeldAlertsPath(maintenanceId), { signal });

/**
 * The alerts the maintenance held, latest first. A hold is recorded in the maintenances view (its change notice
 * refetches this); an alert paging after the window is looked at again every half minute while the page is open.
 */
export function useMaintenanceHeldAlerts(maintenanceId: string) {
  return useQuery({
    queryKey: maintenancesKey('held', maintenanceId),
    queryFn: ({ signal }) => getMaintenanceHeldAlerts(maintenanceId, { signal }),
    refetchInterval: 30_000,
  });
}
