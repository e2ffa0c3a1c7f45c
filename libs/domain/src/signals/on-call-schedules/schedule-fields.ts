import { FIELD_MESSAGES, ID_MAX_LENGTH } from '../../shared/field-rules';
import type { ScheduleLayer, ScheduleOverride, TemporarySchedule } from './model';

/**
 * The rules of what the schedule API's commands carry besides the rotation rules (a name, an override, a
 * temporary schedule, a swap's range), keyed as the API names the fields. The layers' own rules (rotations,
 * restrictions, zones) are the definition's validation, next to the pure function.
 */
export const SCHEDULE_NAME_MAX_LENGTH = 100;
export const SWAP_NOTE_MAX_LENGTH = 500;
export const OVERRIDES_MAX = 500;
export const TEMPORARY_SHIFTS_MAX = 200;
/** A range an override, a temporary schedule or a swap may span: at most a year. */
export const RANGE_MAX_DAYS = 366;
/** The longest window `final` answers, and the preview computes: 93 days (a quarter, so "a month" always fits). */
export const WINDOW_MAX_DAYS = 93;
export const OVERRIDE_KINDS = ['add', 'remove', 'replace'] as const;

const DAY = 86_400_000;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export const SCHEDULE_MESSAGES = {
  instant: (at: string) => `${at} must be an ISO-8601 date-time with a zone offset, like 2026-03-08T07:00:00Z`,
  range: (at: string) => `${at} must be after start`,
  rangeMax: (at: string) => `${at} must be at most ${RANGE_MAX_DAYS} days after start`,
  windowMax: (at: string) => `${at} must be at most ${WINDOW_MAX_DAYS} days after from`,
  userId: (at: string) => `${at} must name a user`,
  gap: (at: string) => `${at} leaves a gap with nobody on call; set allow_gaps to keep it`,
} as const;

/** A parsed instant in ms, or null when the text is not an ISO-8601 date-time with an offset. */
export function instantMs(value: unknown): number | null {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export const isoInstant = (ms: number) => new Date(ms).toISOString();

/** The field messages of a [start, end) range, `prefix` naming the object (`override.`). */
export function rangeErrors(
  start: unknown,
  end: unknown,
  prefix = '',
  maxDays = RANGE_MAX_DAYS,
  names: [string, string] = ['start', 'end'],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const [s, e] = [instantMs(start), instantMs(end)];
  if (s === null) errors[`${prefix}${names[0]}`] = [SCHEDULE_MESSAGES.instant(`${prefix}${names[0]}`)];
  if (e === null) errors[`${prefix}${names[1]}`] = [SCHEDULE_MESSAGES.instant(`${prefix}${names[1]}`)];
  if (s !== null && e !== null) {
    const at = `${prefix}${names[1]}`;
    if (e <= s) errors[at] = [`${at} must be after ${names[0]}`];
    else if (e - s > maxDays * DAY)
      errors[at] = [
        maxDays === RANGE_MAX_DAYS
          ? SCHEDULE_MESSAGES.rangeMax(at)
          : `${at} must be at most ${maxDays} days after ${names[0]}`,
      ];
  }
  return errors;
}

export function scheduleNameErrors(name: unknown): Record<string, string[]> {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (!trimmed) return { name: [FIELD_MESSAGES.required('name')] };
  if (trimmed.length > SCHEDULE_NAME_MAX_LENGTH)
    return { name: [FIELD_MESSAGES.maxLength('name', SCHEDULE_NAME_MAX_LENGTH)] };
  return {};
}

const userIdOk = (value: unknown) => typeof value === 'string' && value.trim() !== '' && value.length <= ID_MAX_LENGTH;

export function overrideErrors(override: Partial<Record<keyof ScheduleOverride, unknown>>): Record<string, string[]> {
  const errors = rangeErrors(override.start, override.end);
  const kind = override.kind;
  if (typeof kind !== 'string' || !(OVERRIDE_KINDS as readonly string[]).includes(kind)) {
    errors.kind = [FIELD_MESSAGES.oneOf('kind', OVERRIDE_KINDS)];
    return errors;
  }
  if (kind !== 'remove' && !userIdOk(override.userId)) errors.user_id = [SCHEDULE_MESSAGES.userId('user_id')];
  if (kind !== 'add' && !userIdOk(override.replacesUserId))
    errors.replaces_user_id = [SCHEDULE_MESSAGES.userId('replaces_user_id')];
  if (kind === 'replace' && !errors.user_id && override.userId === override.replacesUserId)
    errors.user_id = ['user_id must differ from replaces_user_id'];
  return errors;
}

export function temporaryErrors(
  temporary: Partial<Record<keyof TemporarySchedule, unknown>>,
): Record<string, string[]> {
  const errors = rangeErrors(temporary.start, temporary.end);
  const shifts = temporary.shifts;
  if (!Array.isArray(shifts)) {
    errors.shifts = [FIELD_MESSAGES.required('shifts')];
    return errors;
  }
  if (shifts.length > TEMPORARY_SHIFTS_MAX) {
    errors.shifts = [`shifts must hold at most ${TEMPORARY_SHIFTS_MAX} shifts`];
    return errors;
  }
  const [from, to] = [instantMs(temporary.start), instantMs(temporary.end)];
  const ranges: Array<[number, number]> = [];
  shifts.forEach((shift: { start?: unknown; end?: unknown; userIds?: unknown } | null, i) => {
    const at = `shifts[${i}]`;
    if (typeof shift !== 'object' || shift === null) {
      errors[at] = [`${at} must be an object with start, end and user_ids`];
      return;
    }
    Object.assign(errors, rangeErrors(shift.start, shift.end, `${at}.`));
    const [s, e] = [instantMs(shift.start), instantMs(shift.end)];
    if (s !== null && e !== null && from !== null && to !== null) {
      if (s < from || e > to) errors[`${at}.start`] = [`${at} must lie inside the temporary schedule`];
      else if (ranges.some(([a, b]) => s < b && a < e)) errors[`${at}.start`] = [`${at} overlaps another shift`];
      ranges.push([s, e]);
    }
    const ids = shift.userIds;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 10 || !ids.every(userIdOk))
      errors[`${at}.user_ids`] = [`${at}.user_ids must name 1 to 10 users`];
    else if (new Set(ids).size !== ids.length) errors[`${at}.user_ids`] = [`${at}.user_ids names a user twice`];
  });
  if (Object.keys(errors).length === 0 && temporary.allowGaps !== true && from !== null && to !== null) {
    // covered from start to end with no hole between the shifts
    const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
    let reached = from;
    for (const [s, e] of sorted) {
      if (s > reached) break;
      reached = Math.max(reached, e);
    }
    if (reached < to) errors.shifts = [SCHEDULE_MESSAGES.gap('shifts')];
  }
  if (temporary.allowGaps !== undefined && typeof temporary.allowGaps !== 'boolean')
    errors.allow_gaps = [FIELD_MESSAGES.boolean('allow_gaps')];
  return errors;
}

/** Every user id a definition's layers name. */
export const usersOfLayers = (layers: readonly ScheduleLayer[]) =>
  layers.flatMap((layer) => (Array.isArray(layer?.rotation?.slots) ? layer.rotation.slots.flat() : []));

const SHIFT_LENGTH = /^P(?:(\d{1,4})([DWM])|T(\d{1,4})H)$/;
const SHIFT_UNIT_OF = { D: 'days', W: 'weeks', M: 'months' } as const;

/** A shift length as the API writes it: PT12H (hours), P1D (days), P1W (weeks), P1M (months); null otherwise. */
export function parseShiftLength(text: unknown): { unit: 'hours' | 'days' | 'weeks' | 'months'; count: number } | null {
  if (typeof text !== 'string') return null;
  const match = SHIFT_LENGTH.exec(text);
  if (!match) return null;
  if (match[3] !== undefined) return { unit: 'hours', count: Number(match[3]) };
  return { unit: SHIFT_UNIT_OF[match[2] as 'D' | 'W' | 'M'], count: Number(match[1]) };
}

export function formatShiftLength(shift: { unit: 'hours' | 'days' | 'weeks' | 'months'; count: number }): string {
  if (shift.unit === 'hours') return `PT${shift.count}H`;
  return `P${shift.count}${shift.unit === 'days' ? 'D' : shift.unit === 'weeks' ? 'W' : 'M'}`;
}
