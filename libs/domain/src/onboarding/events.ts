import type { OnboardingIntegration, OnboardingTaskSlug } from './tasks';

/** `userId` names whose task it was for a `user` task; null for an organization task. */
export type OnboardingTaskCompleted = {
  type: 'OnboardingTaskCompleted';
  data: { organizationId: string; slug: OnboardingTaskSlug; userId: string | null };
};
/** The organization's onboarding is over for everyone, whatever is left on the checklist. */
export type OnboardingDismissed = { type: 'OnboardingDismissed'; data: { organizationId: string } };
export type IntegrationSelected = {
  type: 'IntegrationSelected';
  data: { organizationId: string; integration: OnboardingIntegration };
};
export type OnboardingEvent = OnboardingTaskCompleted | OnboardingDismissed | IntegrationSelected;

/** One stream per organization: its checklist, including each person's own tasks in it. */
export const onboardingStream = (organizationId: string) => `onboarding-${organizationId}`;
