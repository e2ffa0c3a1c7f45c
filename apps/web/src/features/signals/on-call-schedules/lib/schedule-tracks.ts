import type { ComputedScheduleWire, FinalShiftWire, OnCallSchedule, SchedulePerson } from '@tocsin/contracts';
import type { TimelineBar, TimelineTrack } from '../components/schedule-timeline';
import { lengthChangeText, shortTime } from './schedule-time';

/** A person as the calendar names them: someone no longer a member says so. */
export const personName = (person: SchedulePerson | undefined, names: Map<string, string>, id: string) =>
  person?.name ?? names.get(id) ?? 'A removed member';

export const whoText = (shift: FinalShiftWire, names: Map<string, string>) =>
  shift.users.length === 0 ? 'Nobody on call' : shift.users.map((u) => personName(u, names, u.id)).join(', ');

/** Why someone is on call, in words ("Primary layer", "Override"). */
export function reasonText(shift: FinalShiftWire): string {
  const reasons = new Set(
    shift.users.map((u) =>
      u.reason.kind === 'override'
        ? 'Override'
        : u.reason.kind === 'temporary'
          ? 'Temporary schedule'
          : (u.reason.layer_name ?? 'Layer'),
    ),
  );
  return [...reasons].join(', ');
}

const during = (zone: string, start: string, end: string) =>
  `from ${shortTime(zone, start)} to ${shortTime(zone, end)}`;

/** The final line as bars: a gap is drawn (striped) and said, an override's stretch is coloured as one. */
export function finalTrack(
  key: string,
  title: string,
  final: FinalShiftWire[],
  zone: string,
  names: Map<string, string>,
): TimelineTrack {
  return {
    key,
    title,
    bars: final.map((shift, i): TimelineBar => {
      const change = lengthChangeText(shift.length_change_minutes);
      const who = whoText(shift, names);
      const gap = shift.users.length === 0;
      return {
        key: `${key}-${i}`,
        start: Date.parse(shift.start),
        end: Date.parse(shift.end),
        text: change
          ? `${who} (${shift.length_change_minutes > 0 ? '+' : '−'}${Math.abs(shift.length_change_minutes)}m)`
          : who,
        label: `${title}: ${gap ? 'nobody on call' : `${who} on call`} ${during(zone, shift.start, shift.end)}${gap ? '' : ` (${reasonText(shift)})`}${change ? `; ${change}` : ''}`,
        kind: gap ? 'gap' : shift.users.some((u) => u.reason.kind !== 'layer') ? 'override' : 'final',
      };
    }),
  };
}

/** One track per layer, highest precedence first (the schedule keeps them lowest first). */
export function layerTracks(
  computed: ComputedScheduleWire,
  schedule: OnCallSchedule,
  names: Map<string, string>,
): TimelineTrack[] {
  const zone = schedule.time_zone;
  const layerIds = [...new Set([...schedule.layers.map((l) => l.id), ...computed.layers.map((l) => l.layer_id)])];
  const layerName = new Map(schedule.layers.map((l) => [l.id, l.name]));
  for (const shift of computed.final)
    for (const user of shift.users)
      if (user.reason.kind === 'layer' && user.reason.layer_name)
        layerName.set(user.reason.layer_id, user.reason.layer_name);
  return layerIds.reverse().map((id) => {
    const title = layerName.get(id) ?? 'Earlier layer';
    return {
      key: `layer-${id}`,
      title,
      bars: computed.layers
        .filter((shift) => shift.layer_id === id)
        .map((shift, i): TimelineBar => {
          const who = shift.user_ids.map((u) => names.get(u) ?? 'A removed member').join(', ');
          const change = lengthChangeText(shift.length_change_minutes);
          return {
            key: `${id}-${i}`,
            start: Date.parse(shift.start),
            end: Date.parse(shift.end),
            text: who,
            label: `${title}: ${who} ${during(zone, shift.start, shift.end)}${change ? `; ${change}` : ''}`,
            kind: 'layer',
          };
        }),
    };
  });
}

export function overrideText(override: OnCallSchedule['overrides'][number], names: Map<string, string>): string {
  const name = (id: string | null) => (id ? (names.get(id) ?? 'A removed member') : 'nobody');
  if (override.kind === 'add') return `${name(override.user_id)} added`;
  if (override.kind === 'remove') return `${name(override.replaces_user_id)} taken off`;
  return `${name(override.user_id)} replaces ${name(override.replaces_user_id)}`;
}

export function overridesTrack(schedule: OnCallSchedule, names: Map<string, string>): TimelineTrack {
  const zone = schedule.time_zone;
  return {
    key: 'overrides',
    title: 'Overrides',
    bars: schedule.overrides.map((override) => {
      const text = overrideText(override, names);
      return {
        key: `override-${override.id}`,
        start: Date.parse(override.start),
        end: Date.parse(override.end),
        text,
        label: `Override: ${text} ${during(zone, override.start, override.end)}`,
        kind: override.kind === 'remove' ? 'remove' : 'override',
      };
    }),
  };
}

/** Names of everyone the schedule's answers mention: the team's members, then what the final line says. */
export function namesOf(
  members: Array<{ user: { id: string; name?: string } }> | undefined,
  ...finals: Array<FinalShiftWire[] | undefined>
): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of members ?? []) if (m.user.name) names.set(m.user.id, m.user.name);
  for (const final of finals)
    for (const shift of final ?? []) for (const u of shift.users) if (u.name) names.set(u.id, u.name);
  return names;
}
