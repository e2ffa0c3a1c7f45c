import { ViewNames, ORGANIZATION_API } from '@tocsin/contracts';
import type { OrganizationSettings } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const organizationQueryKey = viewKey(ViewNames.organizations, 'current');

export const getOrganization = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: OrganizationSettings }>(ORGANIZATION_API, { signal })).data;

export function useOrganization() {
  return useQuery({ queryKey: organizationQueryKey, queryFn: getOrganization });
}
