import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const switchOrganization = (organizationId: string) =>
  api.put<unknown>('/api/v1/me/organization', { organization_id: organizationId });

/** Everything on screen belongs to the old organization: start the tab afresh in the new one. */
export function useSwitchOrganization() {
  return useMutation({ mutationFn: switchOrganization, onSuccess: () => window.location.assign('/') });
}
