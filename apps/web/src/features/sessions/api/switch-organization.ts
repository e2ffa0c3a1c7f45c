import { ME_ORGANIZATION_API } from '@tocsin/contracts';
import type { SwitchOrganizationRequest } from '@tocsin/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markOrganizationSwitched } from '@/lib/login-sync';

export const switchOrganization = (organizationId: string) =>
  api.put<unknown>(ME_ORGANIZATION_API, { organization_id: organizationId } satisfies SwitchOrganizationRequest);

/**
 * Everything on screen belongs to the old organization: start the tab afresh in the new one, and tell the
 * other tabs of this browser (their session cookie now points at the new organization too).
 */
export function useSwitchOrganization() {
  return useMutation({
    mutationFn: switchOrganization,
    onSuccess: (_, organizationId) => {
      markOrganizationSwitched(organizationId);
      window.location.assign('/');
    },
  });
}
