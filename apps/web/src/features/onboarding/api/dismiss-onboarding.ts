import { type OnboardingTasksResponse, ONBOARDING_DISMISS_API } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOnboardingChange } from './onboarding-cache';

export const dismissOnboarding = async () =>
  (await api.post<OnboardingTasksResponse>(ONBOARDING_DISMISS_API, undefined)).data;

/** Ends the organization's onboarding for everyone in it. */
export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissOnboarding,
    onSuccess: (tasks) => afterOnboardingChange(queryClient, tasks),
  });
}
