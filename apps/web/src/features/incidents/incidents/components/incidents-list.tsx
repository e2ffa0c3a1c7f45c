import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { IncidentSummary } from '@tocsin/contracts';
import { RelativeTime } from '../../../signals/shared/components/relative-time';
import { useNarrow } from '../../../signals/shared/components/use-narrow';
import type { IncidentLookup } from '../lib/incident-lookup';
import { IncidentStatusBadge, LevelBadge } from './incident-badges';

export const INCIDENTS_HREF = '/incidents';
/** The incident's page (its screens are built beside this list). */
export const incidentHref = (incidentId: string) => `${INCIDENTS_HREF}/${encodeURIComponent(incidentId)}`;

/** The built-in Commander role: shown on the list when someone holds it. */
export const COMMANDER_ROLE = 'commander';
const startedAt = (incident: IncidentSummary) => incident.milestones.started ?? incident.declared_at;

interface Props {
  incidents: IncidentSummary[];
  names: IncidentLookup;
  filtered: boolean;
}

/** A table where there is room, a card per incident on a phone; the same facts in both. */
export function IncidentsList({ incidents, names, filtered }: Props) {
  const narrow = useNarrow();
  if (incidents.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center" data-testid="incidents-empty">
        {filtered
          ? 'No incidents match these filters.'
          : 'No incidents yet. Declare one when something is wrong, by hand or from an alert.'}
      </Text>
    );
  }
  const commander = (incident: IncidentSummary) => names.person(incident.roles[COMMANDER_ROLE] ?? null);
  if (narrow) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Incidents">
        {incidents.map((incident) => (
          <Card key={incident.id} component="li" withBorder padding="sm" data-testid="incident-row">
            <Stack gap={6}>
              <Anchor component={Link} to={incidentHref(incident.id)} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {incident.reference} · {incident.name}
              </Anchor>
              <Group gap="xs">
                <IncidentStatusBadge status={incident.status} />
                <LevelBadge label={names.severity(incident.severity_id)} testId="incident-severity" />
                <LevelBadge label={names.priority(incident.priority_id)} testId="incident-priority" />
                <RelativeTime iso={startedAt(incident)} c="dimmed" />
              </Group>
              <Text size="sm" c="dimmed">
                <span data-testid="incident-type">{names.type(incident.type_id)}</span>
                {' · '}
                {names.team(incident.team_id) ?? 'No team'}
                {commander(incident) && ` · Commander: ${commander(incident)}`}
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table highlightOnHover striped aria-label="Incidents" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Incident</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Severity</Table.Th>
          <Table.Th>Priority</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Team</Table.Th>
          <Table.Th>Commander</Table.Th>
          <Table.Th>Started</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {incidents.map((incident) => (
          <Table.Tr key={incident.id} data-testid="incident-row">
            <Table.Td>
              <Text size="sm" c="dimmed" component="span">
                {incident.reference}{' '}
              </Text>
              <Anchor component={Link} to={incidentHref(incident.id)} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {incident.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <IncidentStatusBadge status={incident.status} />
            </Table.Td>
            <Table.Td>
              <LevelBadge label={names.severity(incident.severity_id)} testId="incident-severity" />
            </Table.Td>
            <Table.Td>
              <LevelBadge label={names.priority(incident.priority_id)} testId="incident-priority" />
            </Table.Td>
            <Table.Td data-testid="incident-type">{names.type(incident.type_id)}</Table.Td>
            <Table.Td>{names.team(incident.team_id) ?? '—'}</Table.Td>
            <Table.Td>{commander(incident) ?? '—'}</Table.Td>
            <Table.Td>
              <RelativeTime iso={startedAt(incident)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
