import type { OnboardingTasksResponse } from '@tocsin/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/get-me';
import { viewKey } from '@/lib/socket';
import { ONBOARDING_VIEW, onboardingTasksKey } from './get-onboarding-tasks';

/** After a change: the answer is the new checklist; /me carries onboarding_complete, which may have moved. */
export function afterOnboardingChange(queryClient: QueryClient, tasks?: OnboardingTasksResponse['data']) {
  if (tasks) queryClient.setQueryData(onboardingTasksKey, tasks);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: viewKey(ONBOARDING_VIEW) }),
    queryClient.invalidateQueries({ queryKey: meQueryKey }),
  ]);
}
