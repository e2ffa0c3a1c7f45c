import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { MAINTENANCES_API, ViewNames, type MaintenanceListFilter, type MaintenancesResponse } from '@tocsin/contracts';

export const maintenancesKey = (...rest: unknown[]) => viewKey(ViewNames.maintenances, ...rest);

export const getMaintenances = async (
  filter: MaintenanceListFilter | undefined,
  { signal }: { signal?: AbortSignal } = {},
) => (await api.get<MaintenancesResponse>(withQuery(MAINTENANCES_API, { filter, per_page: 100 }), { signal })).data;

/** The organization's scheduled maintenances, latest start first (the API's largest page), as the filter narrows them. */
export function useMaintenances(filter: MaintenanceListFilter | undefined) {
  return useQuery({
    queryKey: maintenancesKey('list', filter ?? 'all'),
    queryFn: ({ signal }) => getMaintenances(filter, { signal }),
  });
}
