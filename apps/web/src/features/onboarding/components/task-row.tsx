import { Badge, Button, Group, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { OnboardingTaskView } from '@tocsin/contracts';
import { Link } from 'react-router-dom';
import { TASK_COPY } from '../lib/task-catalog';
import { IntegrationSelect } from './integration-select';

interface Props {
  task: OnboardingTaskView;
  step: number;
  orgId: string;
  /** A staff session has no account area, so a person's own step is not theirs to take. */
  staff: boolean;
  completing: boolean;
  onComplete: () => void;
}

/** One step: done, or what it is with a way to do it and a way to tick it off. */
export function TaskRow({ task, step, orgId, staff, completing, onComplete }: Props) {
  const copy = TASK_COPY[task.slug];
  const ownStepInStaffSession = staff && task.scope === 'user';
  return (
    // the step's actions go under it when the row is too narrow for both (the checklist is the first screen on a phone too)
    <Group
      justify="space-between"
      align="flex-start"
      wrap="wrap"
      py="sm"
      data-testid="onboarding-task"
      data-slug={task.slug}
      data-complete={task.complete}
    >
      <Group align="flex-start" wrap="nowrap" gap="md" style={{ flex: '1 1 260px', minWidth: 0 }}>
        <ThemeIcon
          radius="xl"
          size={28}
          variant={task.complete ? 'filled' : 'light'}
          color={task.complete ? 'green' : 'gray'}
          aria-hidden
        >
          {task.complete ? '✓' : step}
        </ThemeIcon>
        <Stack gap={4}>
          <Group gap="xs">
            {/* The tick, the colour and the strike-through say it to the eye; this says it to screen readers. */}
            <VisuallyHidden>{task.complete ? 'Done:' : `Step ${step}, to do:`}</VisuallyHidden>
            <Text fw={600} td={task.complete ? 'line-through' : undefined} c={task.complete ? 'dimmed' : undefined}>
              {copy.title}
            </Text>
            {task.scope === 'user' && (
              <Badge size="xs" variant="light" color="grape">
                Just for you
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {ownStepInStaffSession
              ? 'Each person sets this up from their own account; a staff session has none.'
              : copy.description}
          </Text>
          {/* the choice can change after the step is done */}
          {task.slug === 'select_integration' && <IntegrationSelect />}
        </Stack>
      </Group>
      {task.complete ? (
        <Badge color="green" variant="light">
          Done
        </Badge>
      ) : (
        !ownStepInStaffSession && (
          <Group gap="xs" wrap="nowrap">
            {copy.action && (
              <Button component={Link} to={copy.action.to(orgId)} size="xs" variant="light">
                {copy.action.label}
              </Button>
            )}
            {task.slug !== 'select_integration' && (
              <Button size="xs" variant="subtle" onClick={onComplete} loading={completing}>
                Mark as done<VisuallyHidden> ({copy.title})</VisuallyHidden>
              </Button>
            )}
          </Group>
        )
      )}
    </Group>
  );
}
