import { Badge, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Incident, IncidentStatus } from '@tocsin/contracts';
import type { IncidentLookup } from '../lib/incident-lookup';
import { readableSeconds } from '@/features/signals/alert-visualization/lib/chart-window';

const STATUS_COLORS: Record<IncidentStatus, string> = {
  open: 'red',
  mitigated: 'orange',
  resolved: 'green',
  closed: 'gray',
};
const STATUS_LABELS: Record<IncidentStatus, string> = {
  open: 'Open',
  mitigated: 'Mitigated',
  resolved: 'Resolved',
  closed: 'Closed',
};

const orNone = (value: string | null | undefined) => (value ? value : '—');

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * A read-only summary of an incident as it was at one step (the `as_of` answer's incident): its fields, status,
 * milestones and durations, roles, tasks, follow-ups and links. Nothing in it can be changed.
 */
export function IncidentSnapshot({ incident, names }: { incident: Incident; names: IncidentLookup }) {
  const { milestones } = names;
  const roles = Object.entries(incident.roles);
  // Milestones in the settings' order, then any the settings no longer name.
  const keys = [
    ...milestones.map((m) => m.key),
    ...Object.keys(incident.milestones).filter((key) => !milestones.some((m) => m.key === key)),
  ];
  return (
    <Stack gap="md" data-testid="incident-snapshot">
      <Stack gap={4}>
        <Group gap="xs">
          <Text fw={600}>{incident.reference}</Text>
          <Badge color={STATUS_COLORS[incident.status]} variant="light" data-testid="snapshot-status">
            {STATUS_LABELS[incident.status]}
          </Badge>
        </Group>
        <Text size="lg" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="snapshot-name">
          {incident.name}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text size="sm">
          Severity:{' '}
          <span data-testid="snapshot-severity">
            {incident.severity_id ? names.severity(incident.severity_id) : '—'}
          </span>
        </Text>
        <Text size="sm">
          Priority:{' '}
          <span data-testid="snapshot-priority">
            {incident.priority_id ? names.priority(incident.priority_id) : '—'}
          </span>
        </Text>
        <Text size="sm">
          Type: <span data-testid="snapshot-type">{names.type(incident.type_id)}</span>
        </Text>
        <Text size="sm">
          Team: <span data-testid="snapshot-team">{orNone(names.team(incident.team_id))}</span>
        </Text>
        <Text size="sm">Impacted services: {orNone(incident.impacted_services.join(', '))}</Text>
        <Text size="sm">Environments: {orNone(incident.environments.join(', '))}</Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Labels:{' '}
          {orNone(
            Object.entries(incident.labels)
              .map(([key, value]) => `${key}=${value}`)
              .join(', '),
          )}
        </Text>
      </SimpleGrid>
      <Section title="Summary">
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="snapshot-summary">
          {orNone(incident.summary)}
        </Text>
      </Section>
      {incident.customer_impact && (
        <Section title="Customer impact">
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {incident.customer_impact}
          </Text>
        </Section>
      )}
      <Section title="Milestones">
        <Table withRowBorders={false} verticalSpacing={2} data-testid="snapshot-milestones">
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr key={key}>
                <Table.Th scope="row" fw={500} w="50%">
                  {names.milestone(key)}
                </Table.Th>
                <Table.Td>
                  {incident.milestones[key] ? (
                    <time dateTime={incident.milestones[key]}>{names.time(incident.milestones[key])}</time>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      {incident.durations.length > 0 && (
        <Section title="Durations">
          <List size="sm" spacing={2}>
            {incident.durations.map((d) => (
              <List.Item key={d.id}>
                {d.name}: {d.seconds === null ? 'not reached' : readableSeconds(d.seconds)}
              </List.Item>
            ))}
          </List>
        </Section>
      )}
      <Section title="Roles">
        {roles.length === 0 ? (
          <Text size="sm">No one in a role.</Text>
        ) : (
          <List size="sm" spacing={2}>
            {roles.map(([roleId, userId]) => (
              <List.Item key={roleId} data-testid="snapshot-role">
                {names.role(roleId)}: {names.person(userId)}
              </List.Item>
            ))}
          </List>
        )}
      </Section>
      <Section title="Tasks">
        {incident.tasks.length === 0 ? (
          <Text size="sm">No tasks.</Text>
        ) : (
          <List size="sm" spacing={2}>
            {incident.tasks.map((task) => (
              <List.Item key={task.id}>
                {task.done ? 'Done' : 'To do'}: {task.title}
              </List.Item>
            ))}
          </List>
        )}
      </Section>
      <Section title="Follow-ups">
        {incident.follow_ups.length === 0 ? (
          <Text size="sm">No follow-ups.</Text>
        ) : (
          <List size="sm" spacing={2}>
            {incident.follow_ups.map((f) => (
              <List.Item key={f.id}>
                {f.title} ({f.status.replace('_', ' ')})
              </List.Item>
            ))}
          </List>
        )}
      </Section>
      <Section title="Links">
        {incident.links.length === 0 ? (
          <Text size="sm">No links.</Text>
        ) : (
          <List size="sm" spacing={2}>
            {incident.links.map((link) => (
              <List.Item key={link.id} style={{ overflowWrap: 'anywhere' }}>
                {link.title}: {link.url}
              </List.Item>
            ))}
          </List>
        )}
      </Section>
    </Stack>
  );
}
