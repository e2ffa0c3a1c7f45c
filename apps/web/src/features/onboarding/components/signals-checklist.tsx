import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { OnboardingTaskSlug } from '@tocsin/domain';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { showToast } from '@/components/ui/toasts';
import { useCurrentUser } from '@/lib/get-me';
import { useCompleteOnboardingTask } from '../api/complete-onboarding-task';
import { useOnboardingTasks } from '../api/get-onboarding-tasks';
import { TASK_COPY } from '../lib/task-catalog';
import { DismissOnboardingButton } from './dismiss-onboarding-button';
import { TaskRow } from './task-row';

/** /org/{orgId}/onboarding/signals: the checklist that takes an organization to its first page. */
export function SignalsChecklist() {
  const me = useCurrentUser();
  const tasks = useOnboardingTasks();
  const complete = useCompleteOnboardingTask();
  const markDone = (slug: OnboardingTaskSlug) =>
    complete.mutate(slug, {
      onSuccess: () => showToast('success', `${TASK_COPY[slug].title}: done`),
      onError: (error) => showToast('error', error.message),
    });

  if (tasks.isPending) return <LoadingArea />;
  if (tasks.isError) return <ErrorAlert error={tasks.error} title="Could not load the onboarding checklist" />;
  const { tasks: list, onboarding_complete, dismissed } = tasks.data;
  const doneCount = list.filter((t) => t.complete).length;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Get started with Signals
        </Title>
        <Text c="dimmed">
          Set up on-call alerting for {me.organization.name}. Each step opens where it is done; come back here to tick
          it off.
        </Text>
      </Stack>
      {onboarding_complete && (
        <Alert
          color="green"
          title={dismissed ? 'Onboarding dismissed' : 'You are all set'}
          data-testid="onboarding-complete"
        >
          <Group justify="space-between">
            <Text size="sm">
              {dismissed
                ? 'Onboarding is marked complete for everyone in the organization. The steps stay here for reference.'
                : 'Every step is done. Alerts will reach the right people.'}
            </Text>
            <Button component={Link} to="/signals/alerts" size="xs">
              Go to alerts
            </Button>
          </Group>
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="xs">
          <Text fw={600} data-testid="onboarding-progress">
            {doneCount} of {list.length} steps complete
          </Text>
        </Group>
        <Progress value={(doneCount / list.length) * 100} color="green" aria-label="Onboarding progress" mb="sm" />
        <Stack
          gap={0}
          component="ol"
          aria-label="Onboarding steps"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {list.map((task, index) => (
            <Fragment key={task.id}>
              {/* A rule between steps drawn by the item itself: an ordered list holds only list items. */}
              <li style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
                <TaskRow
                  task={task}
                  step={index + 1}
                  orgId={me.organization.id}
                  staff={me.user.isStaffSession}
                  completing={complete.isPending && complete.variables === task.slug}
                  onComplete={() => markDone(task.slug)}
                />
              </li>
            </Fragment>
          ))}
        </Stack>
      </Paper>
      {!dismissed && (
        <Group justify="flex-end">
          <DismissOnboardingButton />
        </Group>
      )}
    </Stack>
  );
}
