import {
  type OnboardingIntegrationsStatusResponse,
  type SelectIntegrationRequest,
  ONBOARDING_SELECT_INTEGRATION_API,
} from '@tocsin/contracts';
import type { OnboardingIntegration } from '@tocsin/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { integrationsStatusKey } from './get-integrations-status';
import { afterOnboardingChange } from './onboarding-cache';

export const selectIntegration = async (integration: OnboardingIntegration) =>
  (
    await api.put<OnboardingIntegrationsStatusResponse>(ONBOARDING_SELECT_INTEGRATION_API, {
      integration,
    } satisfies SelectIntegrationRequest)
  ).data;

/** Choosing also ticks select_integration, so the checklist is refetched with the status. */
export function useSelectIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectIntegration,
    onSuccess: (status) => {
      queryClient.setQueryData(integrationsStatusKey, status);
      return afterOnboardingChange(queryClient);
    },
  });
}
