import { permissionTooltip } from '../access/permission-tooltips';
import { DomainError } from '../shared/event';
import type { OnboardingCommand } from './commands';
import type { OnboardingEvent } from './events';
import { isTaskComplete, type OnboardingState } from './state';
import {
  findOnboardingTask,
  ONBOARDING_INTEGRATION_MESSAGE,
  isOnboardingIntegration,
  ONBOARDING_MANAGER_PERMISSION,
  ONBOARDING_TASKS,
} from './tasks';

const TASK_SLUGS = ONBOARDING_TASKS.map((task) => task.slug).join(', ');

/** Completing what is complete, dismissing what is dismissed, selecting what is selected: nothing happens. */
export function decideOnboarding(command: OnboardingCommand, state: OnboardingState): OnboardingEvent[] {
  const { organizationId } = command;
  switch (command.type) {
    case 'CompleteOnboardingTask': {
      const task = findOnboardingTask(command.slug);
      if (!task)
        throw new DomainError(`Onboarding task '${command.slug}' not found. Known tasks: ${TASK_SLUGS}.`, 'not_found');
      if (task.scope === 'organization' && !command.permissions.includes(ONBOARDING_MANAGER_PERMISSION)) {
        throw new DomainError(
          permissionTooltip({ scope: 'organization', permission: ONBOARDING_MANAGER_PERMISSION }),
          'forbidden',
        );
      }
      if (isTaskComplete(state, task.slug, command.userId)) return [];
      return [
        {
          type: 'OnboardingTaskCompleted',
          data: { organizationId, slug: task.slug, userId: task.scope === 'user' ? command.userId : null },
        },
      ];
    }
    case 'DismissOnboarding':
      return state.dismissed ? [] : [{ type: 'OnboardingDismissed', data: { organizationId } }];
    case 'SelectIntegration': {
      const { integration } = command;
      if (!isOnboardingIntegration(integration)) {
        throw new DomainError(ONBOARDING_INTEGRATION_MESSAGE, 'invalid', {
          integration: [ONBOARDING_INTEGRATION_MESSAGE],
        });
      }
      const events: OnboardingEvent[] = [];
      if (state.integration !== integration)
        events.push({ type: 'IntegrationSelected', data: { organizationId, integration } });
      // choosing is the task: the checklist ticks itself
      if (!state.completed.includes('select_integration'))
        events.push({
          type: 'OnboardingTaskCompleted',
          data: { organizationId, slug: 'select_integration', userId: null },
        });
      return events;
    }
  }
}
