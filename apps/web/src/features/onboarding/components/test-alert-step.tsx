import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { showToast } from '@/components/ui/toasts';
import { useCurrentUser } from '@/lib/get-me';
import { useCompleteOnboardingTask } from '../api/complete-onboarding-task';
import { useOnboardingTasks } from '../api/get-onboarding-tasks';
import { onboardingPaths, PREFERENCES_STEP_PATH } from '../lib/onboarding-paths';

/**
 * /org/{orgId}/onboarding/signals/alert: the last step walks the whole path once. The event is sent from the
 * event source's own page (its URL and token live there); this page says how, and records that it was done.
 */
export function TestAlertStep() {
  const me = useCurrentUser();
  const tasks = useOnboardingTasks();
  const complete = useCompleteOnboardingTask();
  const navigate = useNavigate();
  const checklist = onboardingPaths(me.organization.id).signals;
  if (tasks.isPending) return <LoadingArea />;
  if (tasks.isError) return <ErrorAlert error={tasks.error} title="Could not load the onboarding checklist" />;
  const done = tasks.data.tasks.find((t) => t.slug === 'send_test_alert')?.complete === true;
  const markDone = () =>
    complete.mutate('send_test_alert', {
      onSuccess: () => {
        showToast('success', 'Send a test alert: done');
        navigate(checklist);
      },
      onError: (error) => showToast('error', error.message),
    });
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={checklist} size="sm">
        ← Back to the checklist
      </Anchor>
      <Group gap="sm">
        <Title order={1} size="h2">
          Send a test alert
        </Title>
        {done && (
          <Badge color="green" variant="light">
            Done
          </Badge>
        )}
      </Group>
      <Text c="dimmed">
        One event, end to end: it arrives at an event source, becomes an alert, and pages whoever is on call through
        their notification preferences.
      </Text>
      <Paper withBorder p="md" radius="md">
        <List type="ordered" spacing="sm">
          <List.Item>
            Make sure you will hear it:{' '}
            <Anchor component={Link} to={PREFERENCES_STEP_PATH}>
              set your notification preferences
            </Anchor>
            .
          </List.Item>
          <List.Item>
            Open an{' '}
            <Anchor component={Link} to="/signals/sources">
              event source
            </Anchor>{' '}
            and send it a test event from your monitoring tool.
          </List.Item>
          <List.Item>
            Watch it arrive in{' '}
            <Anchor component={Link} to="/signals/alerts">
              Alerts
            </Anchor>
            , and acknowledge the page you receive.
          </List.Item>
        </List>
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" component={Link} to={checklist}>
          Later
        </Button>
        <Button onClick={markDone} loading={complete.isPending} disabled={done}>
          I received the test alert
        </Button>
      </Group>
    </Stack>
  );
}
