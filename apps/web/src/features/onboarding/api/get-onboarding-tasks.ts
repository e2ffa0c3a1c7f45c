import { ViewNames, type OnboardingTasksResponse, ONBOARDING_TASKS_API } from '@tocsin/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

/** The read model behind every onboarding call (apps/projector onboarding view). */
export const ONBOARDING_VIEW = ViewNames.onboarding;
export const onboardingTasksKey = viewKey(ONBOARDING_VIEW, 'tasks');

export const getOnboardingTasks = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<OnboardingTasksResponse>(ONBOARDING_TASKS_API, { signal })).data;

/** The checklist as the caller sees it: the organization's tasks and their own. */
export function useOnboardingTasks() {
  return useQuery({ queryKey: onboardingTasksKey, queryFn: getOnboardingTasks });
}
