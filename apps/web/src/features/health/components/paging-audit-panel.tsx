import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { PagingAuditResponse, PagingFindingKind } from '@tocsin/contracts';
import { channelLabel } from '@tocsin/domain';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { usePagingAudit } from '../api/get-paging-audit';

type Audit = PagingAuditResponse['data'];

const KIND_LABELS: Record<PagingFindingKind, string> = {
  step_overdue: 'Step not started',
  notification_overdue: 'Page never tried',
  notification_unanswered: 'No answer from provider',
};

const channelOf = (kind: string | null) => (kind === null ? '—' : channelLabel(kind));

const when = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

const alertLink = (alertId: string) => (
  <Anchor component={Link} to={`/signals/alerts/${encodeURIComponent(alertId)}`} size="sm">
    {alertId.slice(0, 8)}
  </Anchor>
);

/** The escalation auditor's latest round: late pages, pending ones, channels that page nowhere real. */
export function PagingAuditPanel() {
  const audit = usePagingAudit();
  if (audit.isPending) return <LoadingArea />;
  if (!audit.data) return <ErrorAlert error={audit.error} title="The paging audit could not be loaded" />;
  const data = audit.data;
  const late = data.findings.length;
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Group>
            <Title order={2} size="h4">
              Paging
            </Title>
            <Badge color={late > 0 ? 'red' : 'green'} data-testid="paging-verdict">
              {late > 0 ? `${late} late` : 'On time'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {data.checked_at ? <>audited {when(data.checked_at)}</> : 'not audited yet'}
          </Text>
        </Group>
        <Text size="sm">
          Late pages are paged to the owners:{' '}
          <span data-testid="paging-operators">{data.operators.map((o) => o.name).join(', ') || 'nobody'}</span>
        </Text>
        <LateTable audit={data} />
        <ChannelsTable audit={data} />
        <PendingTable audit={data} />
      </Stack>
    </Card>
  );
}

function LateTable({ audit }: { audit: Audit }) {
  if (audit.findings.length === 0) return <Text size="sm">No step or page is late.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Late pages" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Problem</Table.Th>
            <Table.Th>Alert</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Detail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audit.findings.map((f) => (
            <Table.Tr key={`${f.kind}/${f.alert_id}/${f.due_at}/${f.channel}`} data-testid="paging-finding">
              <Table.Td>{KIND_LABELS[f.kind]}</Table.Td>
              <Table.Td>{alertLink(f.alert_id)}</Table.Td>
              <Table.Td>{channelOf(f.channel)}</Table.Td>
              <Table.Td>{when(f.due_at)}</Table.Td>
              <Table.Td>{f.detail}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Three narrow columns: no scroll container (it would hold nothing focusable at 390 px). */
function ChannelsTable({ audit }: { audit: Audit }) {
  const missing = audit.channels.filter((c) => !c.configured);
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Channels{missing.length > 0 && ` (${missing.length} not configured)`}
      </Title>
      <Table aria-label="Channels" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Provider</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audit.channels.map((c) => (
            <Table.Tr key={c.kind} data-testid={`channel-${c.kind}`}>
              <Table.Td>{channelLabel(c.kind)}</Table.Td>
              <Table.Td>{c.configured ? c.adapter : 'none'}</Table.Td>
              <Table.Td>
                {c.configured ? (
                  <Badge color="green">Configured</Badge>
                ) : (
                  <Stack gap={2}>
                    <Badge color="orange">Not configured</Badge>
                    <Text size="sm">{c.message}</Text>
                  </Stack>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function PendingTable({ audit }: { audit: Audit }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Pending notifications ({audit.pending.length})
      </Title>
      {audit.pending.length === 0 ? (
        <Text size="sm">Nothing is scheduled to be sent.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label="Pending notifications" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Due</Table.Th>
                <Table.Th>Alert</Table.Th>
                <Table.Th>Person</Table.Th>
                <Table.Th>Channel</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.pending.map((p) => (
                <Table.Tr
                  key={`${p.alert_id}/${p.user_id}/${p.channel}/${p.due_at}`}
                  data-testid="pending-notification"
                >
                  <Table.Td>{when(p.due_at)}</Table.Td>
                  <Table.Td>{alertLink(p.alert_id)}</Table.Td>
                  <Table.Td>{p.user_name}</Table.Td>
                  <Table.Td>{channelLabel(p.channel)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
