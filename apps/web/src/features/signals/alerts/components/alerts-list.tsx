import { Anchor, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Alert } from '@tocsin/contracts';
import { AlertStatusBadge, PriorityBadge } from '../../shared/components/badges';
import { RelativeTime } from '../../shared/components/relative-time';
import { useNarrow } from '../../shared/components/use-narrow';
import { AlertQuickActions } from './alert-quick-actions';

interface Props {
  alerts: Alert[];
  sourceName: (id: string) => string;
  teamName: (id: string) => string;
  filtered: boolean;
}

const alertHref = (alert: Alert) => `/signals/alerts/${encodeURIComponent(alert.id)}`;

/** A table where there is room, a card per alert on a phone; the same facts and actions in both. */
export function AlertsList({ alerts, sourceName, teamName, filtered }: Props) {
  const narrow = useNarrow();
  if (alerts.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center" data-testid="alerts-empty">
        {filtered
          ? 'No alerts match these filters.'
          : 'No alerts yet. They appear here as your event sources send them.'}
      </Text>
    );
  }
  if (narrow) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Alerts">
        {alerts.map((alert) => (
          <Card key={alert.id} component="li" withBorder padding="sm" data-testid="alert-row" data-alert-id={alert.id}>
            <Stack gap={6}>
              <Anchor component={Link} to={alertHref(alert)} fw={500}>
                {alert.summary}
              </Anchor>
              <Group gap="xs">
                <AlertStatusBadge status={alert.status} />
                <PriorityBadge priority={alert.priority} />
                <RelativeTime iso={alert.triggered_at} c="dimmed" />
              </Group>
              <Text size="sm" c="dimmed">
                {sourceName(alert.source_id)} · {teamName(alert.team_id)}
                {alert.count > 1 && ` · received ${alert.count} times`}
              </Text>
              <AlertQuickActions alert={alert} size="sm" />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table highlightOnHover striped aria-label="Alerts" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Summary</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Priority</Table.Th>
          <Table.Th>Source</Table.Th>
          <Table.Th>Team</Table.Th>
          <Table.Th>Triggered</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {alerts.map((alert) => (
          <Table.Tr key={alert.id} data-testid="alert-row" data-alert-id={alert.id}>
            <Table.Td maw={420}>
              <Anchor component={Link} to={alertHref(alert)} fw={500} lineClamp={2}>
                {alert.summary}
              </Anchor>
              {alert.count > 1 && (
                <Text size="xs" c="dimmed">
                  Received {alert.count} times
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <AlertStatusBadge status={alert.status} />
            </Table.Td>
            <Table.Td>
              <PriorityBadge priority={alert.priority} />
            </Table.Td>
            <Table.Td>{sourceName(alert.source_id)}</Table.Td>
            <Table.Td>{teamName(alert.team_id)}</Table.Td>
            <Table.Td>
              <RelativeTime iso={alert.triggered_at} />
            </Table.Td>
            <Table.Td>
              <AlertQuickActions alert={alert} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
