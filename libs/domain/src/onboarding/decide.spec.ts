import { deciderSpec } from '../../../../test/support/decider-spec';
import { permissionsOf } from '../access/roles';
import { DomainError } from '../shared/event';
import type { CompleteOnboardingTask, OnboardingCommand } from './commands';
import { decideOnboarding } from './decide';
import { onboardingStream, type OnboardingEvent } from './events';
import {
  evolveOnboarding,
  initialOnboarding,
  isOnboardingComplete,
  onboardingProgress,
  type OnboardingState,
} from './state';
import { ONBOARDING_TASKS } from './tasks';

const spec = deciderSpec<OnboardingState, OnboardingCommand, OnboardingEvent>({
  initial: initialOnboarding,
  evolve: evolveOnboarding,
  decide: decideOnboarding,
});
const organizationId = 'org-1';
const complete = (slug: string, userId = 'u1', role: 'owner' | 'viewer' = 'owner'): CompleteOnboardingTask => ({
  type: 'CompleteOnboardingTask',
  organizationId,
  userId,
  permissions: permissionsOf(role),
  slug,
});
const done = (slug: (typeof ONBOARDING_TASKS)[number]['slug'], userId: string | null = null): OnboardingEvent => ({
  type: 'OnboardingTaskCompleted',
  data: { organizationId, slug, userId },
});
const codeOf = (error: unknown) => (error as DomainError).code;

describe('onboarding decider', () => {
  it('keeps one stream per organization', () => expect(onboardingStream('org-1')).toBe('onboarding-org-1'));

  it('completes an organization task once for everyone, and a user task for that person only', () => {
    spec
      .given([])
      .when(complete('create_on_call_schedule'))
      .then([done('create_on_call_schedule')]);
    spec
      .given([done('create_on_call_schedule')])
      .when(complete('create_on_call_schedule', 'u2'))
      .thenNothingHappened();
    spec
      .given([])
      .when(complete('configure_notification_preferences', 'u1', 'viewer'))
      .then([done('configure_notification_preferences', 'u1')]);
    spec
      .given([done('configure_notification_preferences', 'u1')])
      .when(complete('configure_notification_preferences', 'u1'))
      .thenNothingHappened();
    spec
      .given([done('configure_notification_preferences', 'u1')])
      .when(complete('configure_notification_preferences', 'u2'))
      .then([done('configure_notification_preferences', 'u2')]);
  });

  it('refuses an unknown task (404) and an organization task to someone who cannot manage the organization (403)', () => {
    spec
      .given([])
      .when(complete('bake_cake'))
      .thenThrows((error) => {
        expect(codeOf(error)).toBe('not_found');
        expect((error as Error).message).toBe(
          `Onboarding task 'bake_cake' not found. Known tasks: ${ONBOARDING_TASKS.map((t) => t.slug).join(', ')}.`,
        );
      });
    spec
      .given([])
      .when(complete('invite_team_members', 'u1', 'viewer'))
      .thenThrows((error) => {
        expect(codeOf(error)).toBe('forbidden');
        expect((error as Error).message).toBe(
          "The permission 'Manage organization settings' is required to perform this action on the organization. Contact your organization administrator for support.",
        );
      });
  });

  it('dismisses once', () => {
    spec
      .given([])
      .when({ type: 'DismissOnboarding', organizationId })
      .then([{ type: 'OnboardingDismissed', data: { organizationId } }]);
    spec
      .given([{ type: 'OnboardingDismissed', data: { organizationId } }])
      .when({ type: 'DismissOnboarding', organizationId })
      .thenNothingHappened();
  });

  it('selects an integration, ticking select_integration the first time, and refuses one it does not know', () => {
    const selected = (integration: 'slack' | 'zoom'): OnboardingEvent => ({
      type: 'IntegrationSelected',
      data: { organizationId, integration },
    });
    spec
      .given([])
      .when({ type: 'SelectIntegration', organizationId, integration: 'slack' })
      .then([selected('slack'), done('select_integration')]);
    spec
      .given([selected('slack'), done('select_integration')])
      .when({ type: 'SelectIntegration', organizationId, integration: 'zoom' })
      .then([selected('zoom')]);
    spec
      .given([selected('slack'), done('select_integration')])
      .when({ type: 'SelectIntegration', organizationId, integration: 'slack' })
      .thenNothingHappened();
    for (const integration of ['pagerduty', 42, undefined, 'SLACK']) {
      spec
        .given([])
        .when({ type: 'SelectIntegration', organizationId, integration })
        .thenThrows((error) => {
          expect(codeOf(error)).toBe('invalid');
          expect((error as DomainError).fields).toEqual({
            integration: ['integration must be one of slack, jira_cloud, service_now, zoom, webex, google_calendar'],
          });
        });
    }
  });

  it('is complete when dismissed, or when every task is done for that person', () => {
    const organizationTasks = ONBOARDING_TASKS.filter((t) => t.scope === 'organization').map((t) => done(t.slug));
    const state = (events: OnboardingEvent[]) => events.reduce(evolveOnboarding, initialOnboarding());
    expect(isOnboardingComplete(state([]), 'u1')).toBe(false);
    expect(isOnboardingComplete(state([{ type: 'OnboardingDismissed', data: { organizationId } }]), 'u1')).toBe(true);
    const allButMine = state([...organizationTasks, done('configure_notification_preferences', 'u2')]);
    expect(isOnboardingComplete(allButMine, 'u1')).toBe(false);
    expect(isOnboardingComplete(allButMine, 'u2')).toBe(true);
    expect(onboardingProgress(allButMine, 'u1').filter((t) => !t.complete)).toEqual([
      { slug: 'configure_notification_preferences', scope: 'user', complete: false },
    ]);
  });
});
