import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { AlertStatusBadge } from '../../../signals/shared/components/badges';
import { useMaintenanceHeldAlerts } from '../api/get-maintenance-held-alerts';

/** The alerts the maintenance held during its window: each as it stands now, and what tied it to the maintenance. */
export function HeldAlerts({ maintenanceId }: { maintenanceId: string }) {
  const held = useMaintenanceHeldAlerts(maintenanceId);
  return (
    <Stack gap="xs" component="section" aria-labelledby="held-alerts-title">
      <Title order={2} size="h4" id="held-alerts-title">
        Held alerts
      </Title>
      {held.isPending ? (
        <LoadingArea />
      ) : held.isError ? (
        <ErrorAlert error={held.error} title="Could not load the alerts it held" />
      ) : held.data.total === 0 ? (
        <Text c="dimmed" size="sm" data-testid="held-alerts-empty">
          No alert has been held by this maintenance.
        </Text>
      ) : (
        <>
          <Text c="dimmed" size="sm">
            {held.data.total === 1 ? '1 alert' : `${held.data.total} alerts`} held: recorded during the window, paging
            nobody; one still firing when the window ends pages as usual.
            {held.data.total > held.data.data.length && ` The latest ${held.data.data.length} are listed.`}
          </Text>
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Held alerts">
            {held.data.data.map((alert) => (
              <Group
                key={`${alert.alert_id}/${alert.episode}`}
                component="li"
                gap="xs"
                wrap="nowrap"
                align="flex-start"
                data-testid="held-alert"
              >
                <AlertStatusBadge status={alert.status} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={`/signals/alerts/${encodeURIComponent(alert.alert_id)}`}
                    size="sm"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {alert.summary}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {alert.service ? `Its service ${alert.service} is covered` : 'Its source is covered'}
                  </Text>
                </Stack>
              </Group>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
