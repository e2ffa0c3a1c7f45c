import {
  ActionIcon,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type {
  OnCallSchedule,
  OnCallScheduleRequest,
  OnCallSchedulePreviewRequest,
  TeamMembership,
} from '@tocsin/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions } from '@/components/ui/form-actions';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { useTeamMembers } from '../../shared/api/get-team-members';
import { useOnCallSchedulePreview } from '../api/preview-on-call-schedule';
import { dayLabel, dayStarts, dayText, DAY_MS, localOf } from '../lib/schedule-time';
import { finalTrack, layerTracks, namesOf } from '../lib/schedule-tracks';
import { ScheduleTimeline } from './schedule-timeline';
import { ShiftsTable } from './shifts-table';

type Unit = 'hours' | 'days' | 'weeks' | 'months';
const UNITS: Array<{ value: Unit; label: string }> = [
  { value: 'hours', label: 'Hours' },
  { value: 'days', label: 'Days' },
  { value: 'weeks', label: 'Weeks' },
  { value: 'months', label: 'Months' },
];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((label, i) => ({
  value: String(i + 1),
  label,
}));

interface RestrictionValues {
  type: 'daily' | 'weekly';
  startDay: string;
  startTime: string;
  hours: number | string;
}

interface LayerValues {
  key: string;
  id?: string;
  name: string;
  members: string[];
  /** The layer's slots as saved: kept while its members are unchanged (a slot may hold a group). */
  savedSlots?: string[][];
  count: number | string;
  unit: Unit;
  handoff: string;
  startDate: string;
  restrictions: RestrictionValues[];
  endsAt: string | null;
}

export interface ScheduleFormValues {
  teamId: string | null;
  name: string;
  timeZone: string;
  layers: LayerValues[];
}

let keys = 0;
const nextKey = () => `layer-${++keys}`;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zoneOptions = () => {
  const zones = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...new Set(['UTC', ...zones])];
};

const SHIFT = /^P(?:T(\d+)H|(\d+)D|(\d+)W|(\d+)M)$/;
function shiftOf(text: string): { count: number; unit: Unit } {
  const m = SHIFT.exec(text);
  if (!m) return { count: 1, unit: 'weeks' };
  if (m[1]) return { count: Number(m[1]), unit: 'hours' };
  if (m[2]) return { count: Number(m[2]), unit: 'days' };
  if (m[3]) return { count: Number(m[3]), unit: 'weeks' };
  return { count: Number(m[4]), unit: 'months' };
}
const shiftText = (count: number | string, unit: Unit) =>
  unit === 'hours' ? `PT${count}H` : `P${count}${unit === 'days' ? 'D' : unit === 'weeks' ? 'W' : 'M'}`;

const hoursOf = (duration: string) => {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(duration);
  return m ? Number(m[1] ?? 0) + Number(m[2] ?? 0) / 60 : 8;
};
function durationText(hours: number | string): string {
  const minutes = Math.round(Number(hours) * 60);
  if (!Number.isFinite(minutes) || minutes <= 0) return 'PT0M';
  return `PT${Math.floor(minutes / 60) > 0 ? `${Math.floor(minutes / 60)}H` : ''}${minutes % 60 > 0 ? `${minutes % 60}M` : ''}`;
}

const sameMembers = (slots: string[][] | undefined, members: string[]) =>
  slots !== undefined && slots.flat().join(',') === members.join(',');

export function newLayer(index: number, zone: string): LayerValues {
  return {
    key: nextKey(),
    name: `Layer ${index + 1}`,
    members: [],
    count: 1,
    unit: 'weeks',
    handoff: '09:00',
    startDate: dayText(Math.floor(localOf(zone, Date.now()) / DAY_MS) * DAY_MS),
    restrictions: [],
    endsAt: null,
  };
}

export function scheduleFormValues(schedule?: OnCallSchedule, teamId: string | null = null): ScheduleFormValues {
  if (!schedule) {
    const zone = browserZone();
    return { teamId, name: '', timeZone: zone, layers: [newLayer(0, zone)] };
  }
  return {
    teamId: schedule.team_id,
    name: schedule.name,
    timeZone: schedule.time_zone,
    layers: schedule.layers.map((layer) => ({
      key: nextKey(),
      id: layer.id,
      name: layer.name,
      members: [...new Set(layer.rotation.slots.flat())],
      savedSlots: layer.rotation.slots,
      ...shiftOf(layer.rotation.shift_length),
      handoff: layer.rotation.handoff_time,
      startDate: layer.rotation.start_date,
      restrictions: layer.rotation.restrictions.map((r) => ({
        type: r.type,
        startDay: String(r.start_day ?? 1),
        startTime: r.start_time,
        hours: hoursOf(r.duration),
      })),
      endsAt: layer.ends_at,
    })),
  };
}

/** The form's values as the API takes them (members in order, one person per turn unless saved as a group). */
export function scheduleRequest(values: ScheduleFormValues): OnCallScheduleRequest {
  return {
    name: values.name,
    time_zone: values.timeZone,
    layers: values.layers.map((layer) => ({
      ...(layer.id ? { id: layer.id } : {}),
      name: layer.name,
      rotation: {
        slots: sameMembers(layer.savedSlots, layer.members) ? layer.savedSlots! : layer.members.map((m) => [m]),
        shift_length: shiftText(layer.count, layer.unit),
        handoff_time: layer.handoff,
        start_date: layer.startDate,
        restrictions: layer.restrictions.map((r) => ({
          type: r.type,
          ...(r.type === 'weekly' ? { start_day: Number(r.startDay) } : {}),
          start_time: r.startTime,
          duration: durationText(r.hours),
        })),
      },
      ends_at: layer.endsAt,
    })),
  };
}

/** The next two weeks from today's midnight in the zone: the preview's window, stable while the day lasts. */
function previewDays(zone: string) {
  const firstDay = Math.floor(localOf(zone, Date.now()) / DAY_MS) * DAY_MS;
  return { firstDay, starts: dayStarts(zone, firstDay, 14) };
}

function RotationPreview({
  teamId,
  values,
  members,
}: {
  teamId: string | null;
  values: ScheduleFormValues;
  members: TeamMembership[];
}) {
  const [debounced] = useDebouncedValue(values, 500);
  const days = useMemo(() => {
    try {
      return previewDays(debounced.timeZone);
    } catch {
      return null; // not a time zone (yet): the preview waits
    }
  }, [debounced.timeZone]);
  const request: OnCallSchedulePreviewRequest | null =
    days === null || debounced.layers.every((l) => l.members.length === 0)
      ? null
      : {
          time_zone: debounced.timeZone,
          layers: scheduleRequest(debounced).layers,
          from: new Date(days.starts[0]).toISOString(),
          to: new Date(days.starts[14]).toISOString(),
        };
  const preview = useOnCallSchedulePreview(teamId, request);
  const names = namesOf(members, preview.data?.final);
  const zone = debounced.timeZone;
  const asSchedule = {
    layers: scheduleRequest(debounced).layers.map((l, i) => ({ id: l.id ?? '', name: l.name || `Layer ${i + 1}` })),
  } as unknown as OnCallSchedule;

  return (
    <Stack gap="sm" aria-live="polite" data-testid="rotation-preview">
      <Title order={2} size="h4">
        Preview: the next 2 weeks
      </Title>
      {teamId === null ? (
        <Text size="sm" c="dimmed">
          Choose a team to see the preview.
        </Text>
      ) : request === null ? (
        <Text size="sm" c="dimmed">
          Add members to a layer to see who would be on call.
        </Text>
      ) : preview.isError ? (
        <ErrorAlert error={preview.error} title="The preview cannot be drawn yet" />
      ) : !preview.data || !days ? (
        <Text size="sm" c="dimmed">
          Drawing the preview…
        </Text>
      ) : (
        <Stack gap="md">
          {[0, 1].map((week) => (
            <ScheduleTimeline
              key={week}
              label={`Preview from ${dayLabel(days.firstDay + week * 7 * DAY_MS)}`}
              firstDay={days.firstDay + week * 7 * DAY_MS}
              dayStarts={days.starts.slice(week * 7, week * 7 + 8)}
              tracks={[
                ...(preview.data.layers.length > 0 && debounced.layers.length > 1
                  ? layerTracks(preview.data, asSchedule, names)
                  : []),
                finalTrack(`preview-${week}`, 'Final schedule', preview.data.final, zone, names),
              ]}
            />
          ))}
          <ShiftsTable
            caption={`Preview of the next 2 weeks (${zone})`}
            final={preview.data.final}
            zone={zone}
            names={names}
          />
        </Stack>
      )}
    </Stack>
  );
}

interface Props {
  defaultValues: ScheduleFormValues;
  /** Teams to choose from when creating; left out when editing (a schedule stays with its team). */
  teams?: Array<{ value: string; label: string }>;
  submitLabel: string;
  onSubmit: (values: ScheduleFormValues) => Promise<unknown>;
  onCancel: () => void;
  error: unknown;
}

/** The rotation editor: a schedule's name, zone and layers (members in order, shift, hand-off, start, restrictions), with a live preview. */
export function ScheduleForm({ defaultValues, teams, submitLabel, onSubmit, onCancel, error }: Props) {
  const [values, setValues] = useState(defaultValues);
  const [dirty, setDirty] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const members = useTeamMembers(values.teamId);
  const people = (members.data ?? []).map((m) => ({
    value: m.user.id,
    label: m.user.name ?? m.user.email ?? m.user.id,
  }));
  const nameOf = new Map(people.map((p) => [p.value, p.label]));
  const zones = useMemo(zoneOptions, []);
  useUnsavedChangesPrompt(dirty && !submitting && !done);

  const set = (change: (v: ScheduleFormValues) => ScheduleFormValues) => {
    setValues(change);
    setDirty(true);
  };
  const setLayer = (index: number, change: Partial<LayerValues>) =>
    set((v) => ({ ...v, layers: v.layers.map((l, i) => (i === index ? { ...l, ...change } : l)) }));
  const setRestriction = (index: number, r: number, change: Partial<RestrictionValues>) =>
    setLayer(index, {
      restrictions: values.layers[index].restrictions.map((x, i) => (i === r ? { ...x, ...change } : x)),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    onSubmit(values)
      .then(() => setDone(true))
      .catch(() => undefined)
      .finally(() => setSubmitting(false));
  };

  return (
    <form onSubmit={submit} noValidate aria-label="On-call schedule">
      <Stack gap="md">
        {error != null && <ErrorAlert error={error} title="Could not save the schedule" />}
        <SimpleGrid cols={{ base: 1, sm: teams ? 3 : 2 }}>
          <TextInput
            label="Name"
            withAsterisk
            value={values.name}
            onChange={(event) => {
              const name = event.currentTarget.value;
              set((v) => ({ ...v, name }));
            }}
          />
          {teams && (
            <Select
              label="Team"
              withAsterisk
              data={teams}
              value={values.teamId}
              searchable
              onChange={(teamId) =>
                set((v) => ({ ...v, teamId, layers: v.layers.map((l) => ({ ...l, members: [] })) }))
              }
            />
          )}
          <Select
            label="Time zone"
            withAsterisk
            data={zones}
            value={values.timeZone}
            searchable
            allowDeselect={false}
            limit={50}
            onChange={(timeZone) => timeZone && set((v) => ({ ...v, timeZone }))}
          />
        </SimpleGrid>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Layers
          </Title>
          <Text size="sm" c="dimmed">
            Each layer rotates its members in order. Where two layers have someone, the later layer wins.
          </Text>
          {values.layers.map((layer, index) => {
            const n = index + 1;
            return (
              <Card key={layer.key} withBorder padding="md" data-testid="schedule-layer">
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Title order={3} size="h5">
                      Layer {n}
                    </Title>
                    {values.layers.length > 1 && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        onClick={() => set((v) => ({ ...v, layers: v.layers.filter((_, i) => i !== index) }))}
                      >
                        Remove layer {n}
                      </Button>
                    )}
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={`Layer name (layer ${n})`}
                      value={layer.name}
                      onChange={(event) => setLayer(index, { name: event.currentTarget.value })}
                    />
                    <MultiSelect
                      label={`Members in turn order (layer ${n})`}
                      placeholder={values.teamId ? 'Choose team members' : 'Choose a team first'}
                      data={people}
                      value={layer.members}
                      searchable
                      onChange={(members) => setLayer(index, { members })}
                    />
                  </SimpleGrid>
                  {layer.members.length > 1 && (
                    <Text size="sm" c="dimmed">
                      Turn order: {layer.members.map((m) => nameOf.get(m) ?? m).join(' → ')}
                    </Text>
                  )}
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                    <NumberInput
                      label={`Shift length (layer ${n})`}
                      min={1}
                      allowDecimal={false}
                      value={layer.count}
                      onChange={(count) => setLayer(index, { count })}
                    />
                    <Select
                      label={`Shift unit (layer ${n})`}
                      data={UNITS}
                      value={layer.unit}
                      allowDeselect={false}
                      onChange={(unit) => unit && setLayer(index, { unit: unit as Unit })}
                    />
                    <TextInput
                      type="time"
                      label={`Hand-off time (layer ${n})`}
                      value={layer.handoff}
                      onChange={(event) => setLayer(index, { handoff: event.currentTarget.value })}
                    />
                    <TextInput
                      type="date"
                      label={`Start date (layer ${n})`}
                      value={layer.startDate}
                      onChange={(event) => setLayer(index, { startDate: event.currentTarget.value })}
                    />
                  </SimpleGrid>
                  <Stack gap="xs">
                    <Text size="sm" fw={500}>
                      Restrictions
                    </Text>
                    {layer.restrictions.length === 0 && (
                      <Text size="sm" c="dimmed">
                        On call at all hours. Add a restriction to keep this layer to certain times.
                      </Text>
                    )}
                    {layer.restrictions.map((r, ri) => {
                      const rn = `restriction ${ri + 1}, layer ${n}`;
                      return (
                        <Group key={ri} align="flex-end" gap="xs" wrap="wrap" data-testid="restriction">
                          <Select
                            label={`Repeats (${rn})`}
                            data={[
                              { value: 'daily', label: 'Every day' },
                              { value: 'weekly', label: 'Every week' },
                            ]}
                            value={r.type}
                            allowDeselect={false}
                            w={150}
                            onChange={(type) => type && setRestriction(index, ri, { type: type as 'daily' | 'weekly' })}
                          />
                          {r.type === 'weekly' && (
                            <Select
                              label={`From day (${rn})`}
                              data={WEEKDAYS}
                              value={r.startDay}
                              allowDeselect={false}
                              w={150}
                              onChange={(startDay) => startDay && setRestriction(index, ri, { startDay })}
                            />
                          )}
                          <TextInput
                            type="time"
                            label={`From (${rn})`}
                            value={r.startTime}
                            w={130}
                            onChange={(event) => setRestriction(index, ri, { startTime: event.currentTarget.value })}
                          />
                          <NumberInput
                            label={`For hours (${rn})`}
                            min={0.5}
                            step={0.5}
                            decimalScale={2}
                            value={r.hours}
                            w={130}
                            onChange={(hours) => setRestriction(index, ri, { hours })}
                          />
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="lg"
                            aria-label={`Remove ${rn}`}
                            onClick={() =>
                              setLayer(index, { restrictions: layer.restrictions.filter((_, i) => i !== ri) })
                            }
                          >
                            ×
                          </ActionIcon>
                        </Group>
                      );
                    })}
                    <Group>
                      <Button
                        variant="light"
                        size="compact-sm"
                        onClick={() =>
                          setLayer(index, {
                            restrictions: [
                              ...layer.restrictions,
                              { type: 'daily', startDay: '1', startTime: '09:00', hours: 8 },
                            ],
                          })
                        }
                      >
                        Add restriction (layer {n})
                      </Button>
                    </Group>
                  </Stack>
                </Stack>
              </Card>
            );
          })}
          <Group>
            <Button
              variant="default"
              onClick={() => set((v) => ({ ...v, layers: [...v.layers, newLayer(v.layers.length, v.timeZone)] }))}
            >
              Add layer
            </Button>
          </Group>
        </Stack>
        <Card withBorder padding="md">
          <RotationPreview teamId={values.teamId} values={values} members={members.data ?? []} />
        </Card>
        <FormActions submitLabel={submitLabel} onCancel={onCancel} submitting={submitting} />
      </Stack>
    </form>
  );
}
