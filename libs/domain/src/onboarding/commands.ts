import type { Permission } from '../access/permissions';

/** `slug` and `integration` come as sent: the decider says what is wrong with them. */
export type CompleteOnboardingTask = {
  type: 'CompleteOnboardingTask';
  organizationId: string;
  userId: string;
  permissions: readonly Permission[];
  slug: string;
};
export type DismissOnboarding = { type: 'DismissOnboarding'; organizationId: string };
export type SelectIntegration = { type: 'SelectIntegration'; organizationId: string; integration: unknown };
export type OnboardingCommand = CompleteOnboardingTask | DismissOnboarding | SelectIntegration;
