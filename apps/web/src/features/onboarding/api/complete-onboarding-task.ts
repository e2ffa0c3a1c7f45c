import { type OnboardingTasksResponse, onboardingTaskCompletePath } from '@tocsin/contracts';
import type { OnboardingTaskSlug } from '@tocsin/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterOnboardingChange } from './onboarding-cache';

export const completeOnboardingTask = async (slug: OnboardingTaskSlug) =>
  (await api.post<OnboardingTasksResponse>(onboardingTaskCompletePath(slug), undefined)).data;

export function useCompleteOnboardingTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboardingTask,
    onSuccess: (tasks) => afterOnboardingChange(queryClient, tasks),
  });
}
