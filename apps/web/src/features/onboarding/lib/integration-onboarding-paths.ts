import type { OnboardingIntegration } from '@tocsin/domain';

const base = (integration: OnboardingIntegration) => `settings/integrations/${integration}`;
const connection = (integration: OnboardingIntegration) => `${base(integration)}/connections/:connectionId/onboarding`;

/**
 * SPEC.md section 2: the integration onboarding screens under settings/integrations, which exist only while
 * onboarding is not complete and the reflow flag is on. The spec names their parameters, not their exact
 * shape; these are ours, one per screen it lists.
 */
export const INTEGRATION_ONBOARDING_PATHS: ReadonlyArray<{ integration: OnboardingIntegration; path: string }> = [
  { integration: 'zoom', path: connection('zoom') },
  { integration: 'webex', path: connection('webex') },
  { integration: 'google_calendar', path: connection('google_calendar') },
  { integration: 'jira_cloud', path: `${base('jira_cloud')}/site_selection/:id` },
  { integration: 'jira_cloud', path: connection('jira_cloud') },
  {
    integration: 'jira_cloud',
    path: `${base('jira_cloud')}/connections/:connectionId/projects/:projectId/:configId/onboarding`,
  },
  { integration: 'service_now', path: `${base('service_now')}/onboarding` },
  { integration: 'service_now', path: connection('service_now') },
  {
    integration: 'service_now',
    path: `${base('service_now')}/connections/:connectionId/projects/:projectId/onboarding`,
  },
  { integration: 'slack', path: connection('slack') },
];
