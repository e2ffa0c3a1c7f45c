import { Button, Group, Stack, Table, TextInput } from '@mantine/core';
import type { Incident } from '@tocsin/contracts';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { readableSeconds } from '@/features/signals/alert-visualization/lib/chart-window';
import { fromLocalInput, toLocalInput } from '@/features/incidents/maintenances/lib/maintenance-form-values';
import { useSetIncidentMilestone } from '../api/set-incident-milestone';

/** The milestones to show: the settings', in their order (while their names load: those set, in time order). */
export function milestoneList(incident: Incident, milestones: ReadonlyArray<{ key: string; name: string }>) {
  if (milestones.length) return milestones;
  return Object.entries(incident.milestones)
    .sort(([, a], [, b]) => a.localeCompare(b))
    .map(([key]) => ({ key, name: key.charAt(0).toUpperCase() + key.slice(1) }));
}

/** Milestones (each at or after the one before; a time out of order is refused by its field) and the durations. */
export function IncidentMilestones({
  incident,
  milestones,
  canManage,
}: {
  incident: Incident;
  milestones: ReadonlyArray<{ key: string; name: string }>;
  canManage: boolean;
}) {
  return (
    <Stack gap="md">
      <Stack gap="xs">
        {milestones.map((m) => (
          <MilestoneRow key={m.key} incident={incident} milestone={m.key} name={m.name} canManage={canManage} />
        ))}
      </Stack>
      <Table data-testid="durations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {incident.durations.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>{d.name}</Table.Td>
              <Table.Td data-testid={`duration-${d.id}`}>{readableSeconds(d.seconds)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function MilestoneRow({
  incident,
  milestone,
  name,
  canManage,
}: {
  incident: Incident;
  milestone: string;
  name: string;
  canManage: boolean;
}) {
  const at = incident.milestones[milestone] ?? null;
  const [draft, setDraft] = useState<string | null>(null);
  const set = useSetIncidentMilestone();
  const problem =
    set.error instanceof ApiError
      ? (Object.values(set.error.fields ?? {}).flat()[0] ?? set.error.message)
      : set.error
        ? String(set.error)
        : null;
  const save = (time: string | null) =>
    set.mutate({ incidentId: incident.id, milestone, at: time }, { onSuccess: () => setDraft(null) });
  return (
    <Group align="flex-end" gap="xs" wrap="wrap" data-testid={`milestone-${milestone}`}>
      <TextInput
        type="datetime-local"
        label={name}
        style={{ flex: '1 1 14rem' }}
        value={draft ?? (at ? toLocalInput(at) : '')}
        onChange={(e) => setDraft(e.currentTarget.value)}
        error={problem}
        disabled={!canManage}
        description={at ? undefined : 'Not reached'}
      />
      {canManage && draft !== null && (
        <Button size="sm" onClick={() => save(draft ? fromLocalInput(draft) : null)} loading={set.isPending}>
          Save {name}
        </Button>
      )}
      {canManage && at && milestone !== 'started' && draft === null && (
        <Button size="sm" variant="subtle" onClick={() => save(null)} aria-label={`Clear ${name}`}>
          Clear
        </Button>
      )}
      {draft !== null && (
        <Button
          size="sm"
          variant="default"
          onClick={() => {
            setDraft(null);
            set.reset();
          }}
        >
          Cancel
        </Button>
      )}
    </Group>
  );
}
