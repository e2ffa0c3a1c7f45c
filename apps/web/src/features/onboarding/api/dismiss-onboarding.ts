import { ONBOARDING_API, type OnboardingTasksResponse } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOnboardingChange } from './onboarding-cache';

export const dismissOnboarding = async () =>
  (await api.post<OnboardingTasksResponse>(`${ONBOARDING_API}/dismiss`, undefined)).data;

/** Ends the organization's onboarding for everyone in it. */
export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissOnboarding,
    onSuccess: (tasks) => afterOnboardingChange(queryClient, tasks),
  });
}
