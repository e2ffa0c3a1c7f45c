import { type OnboardingIntegrationsStatusResponse, ONBOARDING_INTEGRATIONS_STATUS_API } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { ONBOARDING_VIEW } from './get-onboarding-tasks';

export const integrationsStatusKey = viewKey(ONBOARDING_VIEW, 'integrations_status');

export const getIntegrationsStatus = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<OnboardingIntegrationsStatusResponse>(ONBOARDING_INTEGRATIONS_STATUS_API, { signal })).data;

export function useIntegrationsStatus() {
  return useQuery({ queryKey: integrationsStatusKey, queryFn: getIntegrationsStatus });
}
