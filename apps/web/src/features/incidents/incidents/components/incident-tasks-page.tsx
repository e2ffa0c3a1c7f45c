import { Anchor, Badge, Card, Group, Pagination, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { IncidentTaskListed } from '@tocsin/contracts';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { fullTime } from '../../../signals/alerts/lib/alert-format';
import { useNarrow } from '../../../signals/shared/components/use-narrow';
import { useAllIncidentTasks, type AllIncidentTasksQuery } from '../api/get-all-incident-tasks';
import { useIncidentNames } from '../lib/use-incident-names';
import { incidentHref } from './incidents-list';

const PER_PAGE = 25;
type Whose = NonNullable<AllIncidentTasksQuery['assignee']>;
type State = NonNullable<AllIncidentTasksQuery['state']>;

const isOverdue = (task: IncidentTaskListed, now: number) =>
  !task.done && task.due_at !== null && Date.parse(task.due_at) < now;

function Due({ task, now }: { task: IncidentTaskListed; now: number }) {
  if (task.done)
    return (
      <Badge color="green" variant="light">
        Done
      </Badge>
    );
  if (!task.due_at)
    return (
      <Text size="sm" c="dimmed">
        No due date
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" component="time" dateTime={task.due_at}>
        {fullTime(task.due_at)}
      </Text>
      {isOverdue(task, now) && (
        <Badge color="red" variant="light">
          Overdue
        </Badge>
      )}
    </Group>
  );
}

/** /incidents/tasks: tasks across incidents, the caller's or everyone's, open or done; each opens its incident. */
export function IncidentTasksPage() {
  // the address holds whose tasks (`?view=mine`, the old address's way), so a link can open everyone's
  const [params, setParams] = useSearchParams();
  const whose: Whose = params.get('view') === 'all' ? 'all' : 'mine';
  const setWhose = (next: Whose) => setParams(next === 'all' ? { view: 'all' } : {});
  const [state, setState] = useState<State>('open');
  const [page, setPage] = useState(1);
  const tasks = useAllIncidentTasks({ assignee: whose, state, page, per_page: PER_PAGE });
  const names = useIncidentNames((tasks.data?.data ?? []).map((task) => task.assignee_id));
  const narrow = useNarrow();
  const now = Date.now();
  const pagination = tasks.data?.pagination;
  const incidentLink = (task: IncidentTaskListed) => (
    <Anchor component={Link} to={incidentHref(task.incident_id)} size="sm">
      {task.incident_reference} · {task.incident_name}
    </Anchor>
  );

  return (
    <Stack>
      <Title order={1} size="h2">
        Tasks
      </Title>
      <Text c="dimmed" size="sm">
        Tasks of every incident. Open the incident to change one.
      </Text>
      <Group gap="sm">
        <SegmentedControl
          aria-label="Assigned to"
          data={[
            { value: 'mine', label: 'Mine' },
            { value: 'all', label: 'Everyone' },
          ]}
          value={whose}
          onChange={(value) => (setWhose(value as Whose), setPage(1))}
        />
        <SegmentedControl
          aria-label="State"
          data={[
            { value: 'open', label: 'Open' },
            { value: 'done', label: 'Done' },
            { value: 'all', label: 'All' },
          ]}
          value={state}
          onChange={(value) => (setState(value as State), setPage(1))}
        />
      </Group>
      {tasks.isPending ? (
        <LoadingArea />
      ) : tasks.isError ? (
        <ErrorAlert error={tasks.error} title="Could not load the tasks" />
      ) : tasks.data.data.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="tasks-empty">
          {whose === 'mine' ? 'No tasks of yours here.' : 'No tasks here.'}
        </Text>
      ) : narrow ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Tasks">
          {tasks.data.data.map((task) => (
            <Card key={task.id} component="li" withBorder padding="sm" data-testid="task-row">
              <Stack gap={6}>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {task.title}
                </Text>
                {incidentLink(task)}
                <Text size="sm" c="dimmed">
                  {task.assignee_id ? `Assigned to: ${names.person(task.assignee_id)}` : 'Unassigned'}
                </Text>
                <Due task={task} now={now} />
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped highlightOnHover aria-label="Tasks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Task</Table.Th>
              <Table.Th>Incident</Table.Th>
              <Table.Th>Assigned to</Table.Th>
              <Table.Th>Due</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tasks.data.data.map((task) => (
              <Table.Tr key={task.id} data-testid="task-row">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{task.title}</Table.Td>
                <Table.Td>{incidentLink(task)}</Table.Td>
                <Table.Td>{names.person(task.assignee_id) ?? 'Unassigned'}</Table.Td>
                <Table.Td>
                  <Due task={task} now={now} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pagination && pagination.total_pages > 1 && (
        <Pagination total={pagination.total_pages} value={page} onChange={setPage} aria-label="Task pages" />
      )}
    </Stack>
  );
}
