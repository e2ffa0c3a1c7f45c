import { FIELD_MESSAGES } from '../shared/field-rules';

/**
 * The signals onboarding checklist (SPEC.md sections 3 and 4: "Onboarding task: id, slug, complete"). The spec
 * names only configure_notification_preferences; the rest is the set-up path a new on-call organization walks.
 * `user` tasks are done by each person for themselves (one's own notification preferences); `organization`
 * tasks are done once for everyone, by an owner.
 */
export const ONBOARDING_TASKS = [
  { slug: 'configure_notification_preferences', scope: 'user' },
  { slug: 'connect_event_source', scope: 'organization' },
  { slug: 'create_on_call_schedule', scope: 'organization' },
  { slug: 'create_escalation_policy', scope: 'organization' },
  { slug: 'invite_team_members', scope: 'organization' },
  { slug: 'select_integration', scope: 'organization' },
  { slug: 'send_test_alert', scope: 'organization' },
] as const;

export type OnboardingTask = (typeof ONBOARDING_TASKS)[number];
export type OnboardingTaskSlug = OnboardingTask['slug'];
export type OnboardingTaskScope = OnboardingTask['scope'];

export const findOnboardingTask = (slug: unknown): OnboardingTask | undefined =>
  ONBOARDING_TASKS.find((task) => task.slug === slug);

/** The integrations that have onboarding screens under settings/integrations (SPEC.md section 2). */
export const ONBOARDING_INTEGRATIONS = [
  { slug: 'slack', name: 'Slack' },
  { slug: 'jira_cloud', name: 'Jira Cloud' },
  { slug: 'service_now', name: 'ServiceNow' },
  { slug: 'zoom', name: 'Zoom' },
  { slug: 'webex', name: 'Webex' },
  { slug: 'google_calendar', name: 'Google Calendar' },
] as const;

export type OnboardingIntegration = (typeof ONBOARDING_INTEGRATIONS)[number]['slug'];
export const ONBOARDING_INTEGRATION_SLUGS: readonly OnboardingIntegration[] = ONBOARDING_INTEGRATIONS.map(
  (i) => i.slug,
);

/** How a refused integration reads, from the api's DTO and the decider alike. */
export const ONBOARDING_INTEGRATION_MESSAGE = FIELD_MESSAGES.oneOf('integration', ONBOARDING_INTEGRATION_SLUGS);

export const isOnboardingIntegration = (value: unknown): value is OnboardingIntegration =>
  ONBOARDING_INTEGRATION_SLUGS.includes(value as OnboardingIntegration);

/** Who may tick the organization's tasks, dismiss its onboarding: the owner (SPEC.md: onboarding is shown to owners). */
export const ONBOARDING_MANAGER_PERMISSION = 'manage_organization_settings' as const;
