import { ViewNames, ORGANIZATION_API } from '@tocsin/contracts';
import type { OrganizationSettings, RenameOrganizationRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const renameOrganization = async (name: string) =>
  (
    await api.patch<{ data: OrganizationSettings }>(ORGANIZATION_API, {
      name,
    } satisfies RenameOrganizationRequest)
  ).data;

export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.organizations) }),
  });
}
