import { ORGANIZATION_ROLES_API } from '@tocsin/contracts';
import type { OrganizationRolesResponse } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getOrganizationRoles = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<OrganizationRolesResponse>(ORGANIZATION_ROLES_API, { signal })).data;

/** The role table is fixed per release: fetched once per tab. */
export function useOrganizationRoles() {
  return useQuery({ queryKey: ['organization-roles'], queryFn: getOrganizationRoles, staleTime: Infinity });
}
