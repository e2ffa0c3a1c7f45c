import {
  Anchor,
  Badge,
  Card,
  Group,
  MultiSelect,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { FollowUpStatus, IncidentFollowUp } from '@tocsin/contracts';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { fullTime } from '../../../signals/alerts/lib/alert-format';
import { useNarrow } from '../../../signals/shared/components/use-narrow';
import { useAllFollowUps } from '../api/get-all-follow-ups';
import { useIncidentNames } from '../lib/use-incident-names';
import { incidentHref } from './incidents-list';

const PER_PAGE = 25;
type Whose = 'mine' | 'all';

const STATUS_LABELS: Record<FollowUpStatus, { label: string; color: string }> = {
  open: { label: 'Open', color: 'blue' },
  in_progress: { label: 'In progress', color: 'yellow' },
  done: { label: 'Done', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};
const STATUS_OPTIONS = Object.entries(STATUS_LABELS).map(([value, { label }]) => ({ value, label }));
const finished = (followUp: IncidentFollowUp) => followUp.status === 'done' || followUp.status === 'cancelled';

function Due({ followUp, now }: { followUp: IncidentFollowUp; now: number }) {
  if (!followUp.due_at)
    return (
      <Text size="sm" c="dimmed">
        No due date
      </Text>
    );
  const overdue = !finished(followUp) && Date.parse(followUp.due_at) < now;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" component="time" dateTime={followUp.due_at}>
        {fullTime(followUp.due_at)}
      </Text>
      {overdue && (
        <Badge color="red" variant="light" data-testid="follow-up-overdue">
          Overdue
        </Badge>
      )}
    </Group>
  );
}

function StatusBadge({ status }: { status: FollowUpStatus }) {
  const { label, color } = STATUS_LABELS[status] ?? { label: status, color: 'gray' };
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

/**
 * /incidents/follow_ups: follow-ups across incidents, closed incidents' included (they outlive the incident), the
 * caller's or everyone's, by status; each opens its incident, where it is changed.
 */
export function FollowUpsPage() {
  const [whose, setWhose] = useState<Whose>('all');
  const [statuses, setStatuses] = useState<string[]>(['open', 'in_progress']);
  const [page, setPage] = useState(1);
  const followUps = useAllFollowUps({
    owner: whose,
    status: statuses.length ? statuses.join(',') : undefined,
    page,
    per_page: PER_PAGE,
  });
  const names = useIncidentNames((followUps.data?.data ?? []).map((followUp) => followUp.owner_id));
  const narrow = useNarrow();
  const now = Date.now();
  const pagination = followUps.data?.pagination;
  const incidentLink = (followUp: IncidentFollowUp) => (
    <Anchor component={Link} to={incidentHref(followUp.incident_id)} size="sm">
      {followUp.incident_reference} · {followUp.incident_name}
    </Anchor>
  );

  return (
    <Stack>
      <Title order={1} size="h2">
        Follow-ups
      </Title>
      <Text c="dimmed" size="sm">
        Work that outlives its incident. Open the incident to change one.
      </Text>
      <Group gap="sm" align="flex-end">
        <SegmentedControl
          aria-label="Owner"
          data={[
            { value: 'mine', label: 'Mine' },
            { value: 'all', label: 'Everyone' },
          ]}
          value={whose}
          onChange={(value) => (setWhose(value as Whose), setPage(1))}
        />
        <MultiSelect
          label="Status"
          placeholder={statuses.length ? undefined : 'Any status'}
          data={STATUS_OPTIONS}
          value={statuses}
          onChange={(value) => (setStatuses(value), setPage(1))}
          clearable
          w={{ base: '100%', xs: 320 }}
        />
      </Group>
      {followUps.isPending ? (
        <LoadingArea />
      ) : followUps.isError ? (
        <ErrorAlert error={followUps.error} title="Could not load the follow-ups" />
      ) : followUps.data.data.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="follow-ups-empty">
          No follow-ups here.
        </Text>
      ) : narrow ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Follow-ups">
          {followUps.data.data.map((followUp) => (
            <Card key={followUp.id} component="li" withBorder padding="sm" data-testid="follow-up-row">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {followUp.title}
                  </Text>
                  <StatusBadge status={followUp.status} />
                </Group>
                {incidentLink(followUp)}
                <Text size="sm" c="dimmed">
                  {followUp.owner_id ? `Owner: ${names.person(followUp.owner_id)}` : 'No owner'}
                </Text>
                <Due followUp={followUp} now={now} />
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped highlightOnHover aria-label="Follow-ups">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Follow-up</Table.Th>
              <Table.Th>Incident</Table.Th>
              <Table.Th>Owner</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Due</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {followUps.data.data.map((followUp) => (
              <Table.Tr key={followUp.id} data-testid="follow-up-row">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{followUp.title}</Table.Td>
                <Table.Td>{incidentLink(followUp)}</Table.Td>
                <Table.Td>{names.person(followUp.owner_id) ?? 'No owner'}</Table.Td>
                <Table.Td>
                  <StatusBadge status={followUp.status} />
                </Table.Td>
                <Table.Td>
                  <Due followUp={followUp} now={now} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pagination && pagination.total_pages > 1 && (
        <Pagination total={pagination.total_pages} value={page} onChange={setPage} aria-label="Follow-up pages" />
      )}
    </Stack>
  );
}
