import type { OnboardingTaskSlug } from '@tocsin/domain';
import { onboardingPaths, PREFERENCES_STEP_PATH } from './onboarding-paths';

export interface TaskCopy {
  title: string;
  description: string;
  /** Where the task is done; select_integration is done on the checklist itself. */
  action?: { label: string; to: (orgId: string) => string };
}

/** What each checklist step says and where it leads; a Record, so a new task cannot ship without its words. */
export const TASK_COPY: Record<OnboardingTaskSlug, TaskCopy> = {
  configure_notification_preferences: {
    title: 'Set your notification preferences',
    description:
      'Choose how and how fast you are notified when an alert is assigned to you. Each person sets their own.',
    action: { label: 'Set preferences', to: () => PREFERENCES_STEP_PATH },
  },
  connect_event_source: {
    title: 'Connect an event source',
    description: 'Send events from your monitoring tools so they can become alerts.',
    action: { label: 'Open event sources', to: () => '/signals/sources' },
  },
  create_on_call_schedule: {
    title: 'Create an on-call schedule',
    description: 'Decide who is on call and when, so every alert has someone to page.',
    action: { label: 'Open schedules', to: () => '/signals/on_call_schedules' },
  },
  create_escalation_policy: {
    title: 'Create an escalation policy',
    description: 'Say who is paged next when an alert is not acknowledged. Policies belong to a team.',
    action: { label: 'Open teams', to: () => '/settings/teams' },
  },
  invite_team_members: {
    title: 'Invite your team',
    description: 'Bring in the people who share the pager.',
    action: { label: 'Invite people', to: () => '/settings/invitations/new' },
  },
  select_integration: {
    title: 'Choose an integration',
    description: 'Pick the tool you want to connect first; its set-up screens follow.',
  },
  send_test_alert: {
    title: 'Send a test alert',
    description: 'Check the whole path end to end: an event comes in, an alert is raised, you are paged.',
    action: { label: 'Send a test alert', to: (orgId) => onboardingPaths(orgId).alert },
  },
};
