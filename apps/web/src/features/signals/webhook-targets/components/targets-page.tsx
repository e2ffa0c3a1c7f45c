import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { PermissionButton } from '@/components/ui/permission-button';
import type { WebhookTarget } from '@tocsin/contracts';
import { useNarrow } from '../../shared/components/use-narrow';
import { useTeamNames } from '../../shared/hooks/use-team-names';
import { useWebhookTargets } from '../api/get-webhook-targets';
import { EVENT_TYPE_LABELS } from '../lib/target-form-values';
import { TargetStatusBadge } from './status-badge';

export const targetHref = (target: Pick<WebhookTarget, 'id'>) =>
  `/signals/webhook_targets/${encodeURIComponent(target.id)}`;

/** /signals/webhook_targets: where the organization's alert events are posted. */
export function TargetsPage({ canManage }: { canManage: boolean }) {
  const targets = useWebhookTargets();
  const navigate = useNavigate();
  const narrow = useNarrow();
  const teamNames = useTeamNames();
  const events = (target: WebhookTarget) => target.event_types.map((type) => EVENT_TYPE_LABELS[type]).join(', ');
  const teams = (target: WebhookTarget) =>
    target.team_ids.length === 0 ? 'Every team' : target.team_ids.map((id) => teamNames.get(id) ?? id).join(', ');
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Webhook targets
        </Title>
        <PermissionButton
          allowed={canManage}
          permission="manage_webhook_targets"
          onClick={() => navigate('/signals/webhook_targets/new')}
        >
          New target
        </PermissionButton>
      </Group>
      {targets.isPending ? (
        <LoadingArea />
      ) : targets.isError ? (
        <ErrorAlert error={targets.error} title="Could not load the webhook targets" />
      ) : targets.data.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="targets-empty">
          No webhook targets yet. Create one to post alert events to your own systems.
        </Text>
      ) : narrow ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Webhook targets">
          {targets.data.map((target) => (
            <Card key={target.id} component="li" withBorder padding="sm" data-testid="target-row">
              <Group justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={targetHref(target)} fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {target.name}
                </Anchor>
                <TargetStatusBadge target={target} />
              </Group>
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {target.url}
              </Text>
              <Text size="sm" c="dimmed">
                {events(target)} · {teams(target)}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table highlightOnHover striped aria-label="Webhook targets">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>URL</Table.Th>
              <Table.Th>Events</Table.Th>
              <Table.Th>Teams</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {targets.data.map((target) => (
              <Table.Tr key={target.id} data-testid="target-row">
                <Table.Td>
                  <Anchor component={Link} to={targetHref(target)} fw={500}>
                    {target.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {target.url}
                </Table.Td>
                <Table.Td>{events(target)}</Table.Td>
                <Table.Td>{teams(target)}</Table.Td>
                <Table.Td>
                  <TargetStatusBadge target={target} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
