import { ACCOUNT_DEFAULT_ORGANIZATION_API } from '@tocsin/contracts';
import type { DefaultOrganizationRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/get-me';
import { api } from '@/lib/api-client';

export const setDefaultOrganization = (organizationId: string) =>
  api.put<void>(ACCOUNT_DEFAULT_ORGANIZATION_API, {
    default_organization_id: organizationId,
  } satisfies DefaultOrganizationRequest);

export function useSetDefaultOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
