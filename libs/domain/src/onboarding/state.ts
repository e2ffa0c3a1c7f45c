import type { OnboardingEvent } from './events';
import {
  ONBOARDING_TASKS,
  type OnboardingIntegration,
  type OnboardingTaskScope,
  type OnboardingTaskSlug,
} from './tasks';

export interface OnboardingState {
  dismissed: boolean;
  /** Organization tasks done. */
  completed: readonly OnboardingTaskSlug[];
  /** User tasks done, by user id. */
  completedByUser: Readonly<Record<string, readonly OnboardingTaskSlug[]>>;
  integration: OnboardingIntegration | null;
}

export const initialOnboarding = (): OnboardingState => ({
  dismissed: false,
  completed: [],
  completedByUser: {},
  integration: null,
});

// a set, so folding an event twice (a read model catching up again) changes nothing
const withSlug = (slugs: readonly OnboardingTaskSlug[], slug: OnboardingTaskSlug) =>
  slugs.includes(slug) ? slugs : [...slugs, slug];

export function evolveOnboarding(state: OnboardingState, event: OnboardingEvent): OnboardingState {
  switch (event.type) {
    case 'OnboardingTaskCompleted': {
      const { slug, userId } = event.data;
      if (userId === null) return { ...state, completed: withSlug(state.completed, slug) };
      return {
        ...state,
        completedByUser: { ...state.completedByUser, [userId]: withSlug(state.completedByUser[userId] ?? [], slug) },
      };
    }
    case 'OnboardingDismissed':
      return { ...state, dismissed: true };
    case 'IntegrationSelected':
      return { ...state, integration: event.data.integration };
  }
}

/** Whether `slug` is done, for `userId` when it is a user task. */
export function isTaskComplete(
  state: Pick<OnboardingState, 'completed' | 'completedByUser'>,
  slug: OnboardingTaskSlug,
  userId: string,
): boolean {
  return state.completed.includes(slug) || (state.completedByUser[userId] ?? []).includes(slug);
}

export interface OnboardingTaskProgress {
  slug: OnboardingTaskSlug;
  scope: OnboardingTaskScope;
  complete: boolean;
}

/** The checklist as `userId` sees it: the organization's tasks and their own. */
export const onboardingProgress = (
  state: Pick<OnboardingState, 'completed' | 'completedByUser'>,
  userId: string,
): OnboardingTaskProgress[] =>
  ONBOARDING_TASKS.map(({ slug, scope }) => ({ slug, scope, complete: isTaskComplete(state, slug, userId) }));

/** User metadata onboarding_complete (SPEC.md section 3): dismissed for the organization, or every task done. */
export const isOnboardingComplete = (
  state: Pick<OnboardingState, 'dismissed' | 'completed' | 'completedByUser'>,
  userId: string,
): boolean => state.dismissed || onboardingProgress(state, userId).every((task) => task.complete);
