import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useHealth } from '../api/get-health';
import { HealthBadge, verdictOf } from './health-badge';
import { HealthComponents } from './health-components';
import { RuntimeDetails } from './runtime-details';

/** Live health: polled, and replaced whenever the server pushes a fresh report to the ops room. */
export function HealthPanel() {
  const health = useHealth();
  if (health.isPending) return <LoadingArea />;
  if (!health.data) {
    return (
      <Stack>
        <Group>
          <Title order={2} size="h4">
            Health
          </Title>
          <HealthBadge verdict="unknown" testId="overall-health" />
        </Group>
        <ErrorAlert error={health.error} title="Health check failed" />
      </Stack>
    );
  }
  const report = health.data;
  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between">
          <Group>
            <Title order={2} size="h4">
              Health
            </Title>
            <HealthBadge verdict={health.isError ? 'unknown' : verdictOf(report.healthy)} testId="overall-health" />
          </Group>
          <Text size="sm" c="dimmed">
            {report.hostname && (
              <>
                Host{' '}
                <Text span ff="monospace" data-testid="health-hostname">
                  {report.hostname}
                </Text>{' '}
                ·{' '}
              </>
            )}
            checked{' '}
            <time dateTime={report.checked_at} data-testid="health-checked-at">
              {new Date(report.checked_at).toLocaleString()}
            </time>
          </Text>
        </Group>
        {health.isError && (
          <ErrorAlert error={health.error} title="Latest health check failed; showing the previous report" />
        )}
      </Card>
      <HealthComponents components={report.components} />
      <RuntimeDetails health={report} />
    </Stack>
  );
}
