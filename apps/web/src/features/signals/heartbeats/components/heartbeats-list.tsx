import { Badge, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { Heartbeat, HeartbeatStatus } from '@tocsin/contracts';
import { displayIsoDuration } from '@tocsin/domain';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import { RelativeTime } from '../../shared/components/relative-time';
import { useNarrow } from '../../shared/components/use-narrow';
import { useTeamNames } from '../../shared/hooks/use-team-names';
import { useHeartbeats } from '../api/get-heartbeats';
import { useHeartbeatActions } from './heartbeat-actions';

const STATUS: Record<HeartbeatStatus, { label: string; color: string }> = {
  waiting: { label: 'Waiting for a first beat', color: 'gray' },
  up: { label: 'Up', color: 'green' },
  missed: { label: 'Missed', color: 'red' },
};

function LastBeat({ heartbeat }: { heartbeat: Heartbeat }) {
  return heartbeat.last_beat_at ? (
    <RelativeTime iso={heartbeat.last_beat_at} />
  ) : (
    <Text size="sm" c="dimmed">
      Never
    </Text>
  );
}

// the word says the status; the colour only repeats it
const StatusBadge = ({ status }: { status: HeartbeatStatus }) => (
  <Badge variant="light" color={STATUS[status].color}>
    {STATUS[status].label}
  </Badge>
);

/** The heartbeats on /signals/sources, with their last beat, kept live by the view's change notices. */
export function HeartbeatsList({ canManage }: { canManage: boolean }) {
  const heartbeats = useHeartbeats();
  const navigate = useNavigate();
  const teamNames = useTeamNames();
  const narrow = useNarrow();
  const actions = useHeartbeatActions(canManage);
  const period = (h: Heartbeat) =>
    `every ${displayIsoDuration(h.interval)}, grace ${displayIsoDuration(h.grace_period)}`;
  return (
    <Stack component="section" aria-labelledby="heartbeats-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="heartbeats-title">
          Heartbeats
        </Title>
        <PermissionButton
          allowed={canManage}
          permission="manage_event_sources"
          onClick={() => navigate('/signals/sources/heartbeats/new')}
        >
          New heartbeat
        </PermissionButton>
      </Group>
      {heartbeats.isPending ? (
        <LoadingArea />
      ) : heartbeats.isError ? (
        <ErrorAlert error={heartbeats.error} title="Could not load the heartbeats" />
      ) : heartbeats.data.length === 0 ? (
        <Text c="dimmed" py="md" ta="center" data-testid="heartbeats-empty">
          No heartbeats yet. Create one for a job that should ping Tocsin on a schedule.
        </Text>
      ) : narrow ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Heartbeats">
          {heartbeats.data.map((heartbeat) => (
            <Card key={heartbeat.id} component="li" withBorder padding="sm" data-testid="heartbeat-row">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={500}>{heartbeat.name}</Text>
                <StatusBadge status={heartbeat.status} />
              </Group>
              <Group gap={4}>
                <Text size="sm">Last beat:</Text>
                <LastBeat heartbeat={heartbeat} />
              </Group>
              <Text size="sm" c="dimmed">
                {teamNames.get(heartbeat.team_id) ?? heartbeat.team_id} · {period(heartbeat)} · token …
                {heartbeat.token_hint}
              </Text>
              {actions.buttons(heartbeat)}
            </Card>
          ))}
        </Stack>
      ) : (
        <Table highlightOnHover striped aria-label="Heartbeats">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Last beat</Table.Th>
              <Table.Th>Period</Table.Th>
              <Table.Th>Team</Table.Th>
              <Table.Th>Token</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {heartbeats.data.map((heartbeat) => (
              <Table.Tr key={heartbeat.id} data-testid="heartbeat-row">
                <Table.Td fw={500}>{heartbeat.name}</Table.Td>
                <Table.Td>
                  <StatusBadge status={heartbeat.status} />
                </Table.Td>
                <Table.Td>
                  <LastBeat heartbeat={heartbeat} />
                </Table.Td>
                <Table.Td>{period(heartbeat)}</Table.Td>
                <Table.Td>{teamNames.get(heartbeat.team_id) ?? heartbeat.team_id}</Table.Td>
                <Table.Td ff="monospace">…{heartbeat.token_hint}</Table.Td>
                <Table.Td>{actions.buttons(heartbeat)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {actions.dialogs}
    </Stack>
  );
}
