import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/features/auth/api/get-me';
import { api } from '@/lib/api-client';

export const setDefaultOrganization = (organizationId: string) =>
  api.put<void>('/api/v1/account/default_organization', { default_organization_id: organizationId });

export function useSetDefaultOrganization() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDefaultOrganization, onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }) });
}
