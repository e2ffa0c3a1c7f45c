import { Button, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { ScheduleOverrideBody } from '@tocsin/contracts';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useAddScheduleOverride } from '../api/add-schedule-override';
import { fieldFromInstant, HOUR_MS, instantFromField } from '../lib/schedule-time';

const KINDS = [
  { value: 'replace', label: 'Replace who is on call' },
  { value: 'add', label: 'Add someone' },
  { value: 'remove', label: 'Remove someone' },
];

/** Adds an override over a range in the schedule's zone; an override can itself be overridden later. */
export function OverrideForm({
  teamId,
  scheduleId,
  zone,
  people,
  onDone,
}: {
  teamId: string;
  scheduleId: string;
  zone: string;
  people: Array<{ value: string; label: string }>;
  onDone: () => void;
}) {
  const add = useAddScheduleOverride(teamId, scheduleId);
  const hour = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS;
  const [kind, setKind] = useState<ScheduleOverrideBody['kind']>('replace');
  const [userId, setUserId] = useState<string | null>(null);
  const [replaces, setReplaces] = useState<string | null>(null);
  const [start, setStart] = useState(() => fieldFromInstant(zone, hour));
  const [end, setEnd] = useState(() => fieldFromInstant(zone, hour + 8 * HOUR_MS));
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [s, e] = [instantFromField(zone, start), instantFromField(zone, end)];
    if (!s || !e) return setProblem('Give a start and an end');
    if (!userId) return setProblem(kind === 'remove' ? 'Choose who is taken off' : 'Choose who is on call');
    if (kind === 'replace' && !replaces) return setProblem('Choose whom they replace');
    setProblem(null);
    // the API's shape: `remove` names the person in replaces_user_id, `add` in user_id, `replace` both
    add.mutate(
      {
        kind,
        start: s,
        end: e,
        user_id: kind === 'remove' ? null : userId,
        replaces_user_id: kind === 'remove' ? userId : kind === 'replace' ? replaces : null,
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New override">
      <Stack gap="sm">
        <Title order={3} size="h5">
          New override
        </Title>
        {add.error != null && <ErrorAlert error={add.error} title="Could not add the override" />}
        {problem && <ErrorAlert error={problem} title="Could not add the override" />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Kind"
            data={KINDS}
            value={kind}
            allowDeselect={false}
            onChange={(v) => setKind((v ?? 'replace') as ScheduleOverrideBody['kind'])}
          />
          <Select
            label={kind === 'remove' ? 'Who is taken off' : 'Who is on call'}
            data={people}
            value={userId}
            onChange={setUserId}
            searchable
            withAsterisk
          />
          {kind === 'replace' && (
            <Select label="Instead of" data={people} value={replaces} onChange={setReplaces} searchable withAsterisk />
          )}
          <TextInput
            type="datetime-local"
            label={`Start (${zone})`}
            value={start}
            onChange={(event) => setStart(event.currentTarget.value)}
            withAsterisk
          />
          <TextInput
            type="datetime-local"
            label={`End (${zone})`}
            value={end}
            onChange={(event) => setEnd(event.currentTarget.value)}
            withAsterisk
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add override
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
