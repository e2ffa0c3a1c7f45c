import { DateTime } from 'luxon';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import {
  asGiven,
  type Errors,
  type FieldNamer,
  isInstant,
  isRecord,
  listAt,
  OVERRIDE_KINDS,
  refuse,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  userIdProblem,
} from './field-rules';

/** The overrides of a schedule: bounded, unique ids, each valid. */
export function overridesErrors(overrides: unknown, name: FieldNamer = asGiven): Errors {
  const errors: Errors = {};
  const list = listAt(errors, overrides ?? [], name('overrides'), SCHEDULE_LIMITS.overrides, 'overrides');
  const ids = new Set<unknown>();
  list?.forEach((override, i) => {
    Object.assign(errors, overrideErrors(override, `overrides[${i}]`, name));
    if (isRecord(override) && ids.has(override.id))
      refuse(errors, name(`overrides[${i}].id`), SCHEDULE_MESSAGES.twice(name('overrides'), 'override id'));
    if (isRecord(override)) ids.add(override.id);
  });
  return errors;
}

/**
 * One override: a range with its start before its end, and the people its kind needs: `add` a `userId`,
 * `remove` a `replacesUserId`, `replace` both, two different people.
 */
export function overrideErrors(override: unknown, at = 'override', name: FieldNamer = asGiven): Errors {
  const errors: Errors = {};
  if (!isRecord(override)) {
    refuse(errors, name(at), SCHEDULE_MESSAGES.object(name(at)));
    return errors;
  }
  const { id, kind, userId, replacesUserId } = override;
  const idProblem = userIdProblem(id, name(`${at}.id`));
  if (idProblem) refuse(errors, name(`${at}.id`), idProblem);
  rangeErrors(errors, override, at, name);
  if (!OVERRIDE_KINDS.includes(kind as never)) {
    refuse(errors, name(`${at}.kind`), FIELD_MESSAGES.oneOf(name(`${at}.kind`), OVERRIDE_KINDS));
    return errors;
  }
  const person = (field: 'userId' | 'replacesUserId', value: unknown, needed: boolean) => {
    const path = name(`${at}.${field}`);
    if (!needed && value !== null && value !== undefined)
      refuse(errors, path, `${path} must be empty when kind is ${String(kind)}`);
    const problem = needed ? userIdProblem(value, path) : null;
    if (problem) refuse(errors, path, problem);
  };
  person('userId', userId, kind !== 'remove');
  person('replacesUserId', replacesUserId, kind !== 'add');
  if (kind === 'replace' && typeof userId === 'string' && userId === replacesUserId)
    refuse(errors, name(`${at}.userId`), `${name(`${at}.userId`)} must be someone other than the person replaced`);
  return errors;
}

/** `start` and `end` instants, `end` after `start`; answers the two as milliseconds when they are. */
function rangeErrors(
  errors: Errors,
  range: Record<string, unknown>,
  at: string,
  name: FieldNamer,
): [number, number] | null {
  const [start, end] = [name(`${at}.start`), name(`${at}.end`)];
  if (!isInstant(range.start)) refuse(errors, start, SCHEDULE_MESSAGES.instant(start));
  if (!isInstant(range.end)) refuse(errors, end, SCHEDULE_MESSAGES.instant(end));
  if (!isInstant(range.start) || !isInstant(range.end)) return null;
  const [from, to] = [Date.parse(range.start), Date.parse(range.end)];
  if (to <= from) {
    refuse(errors, end, SCHEDULE_MESSAGES.after(end, start));
    return null;
  }
  return [from, to];
}

/** The temporary schedules: bounded, unique ids, not overlapping one another, each valid. */
export function temporarySchedulesErrors(temporary: unknown, timeZone: string, name: FieldNamer = asGiven): Errors {
  const errors: Errors = {};
  const at = 'temporarySchedules';
  const list = listAt(errors, temporary ?? [], name(at), SCHEDULE_LIMITS.temporarySchedules, 'temporary schedules');
  const ranges: Array<{ i: number; from: number; to: number }> = [];
  list?.forEach((schedule, i) => {
    Object.assign(errors, temporaryScheduleErrors(schedule, timeZone, `${at}[${i}]`, name));
    if (!isRecord(schedule) || !isInstant(schedule.start) || !isInstant(schedule.end)) return;
    const [from, to] = [Date.parse(schedule.start), Date.parse(schedule.end)];
    const other = ranges.find((range) => range.from < to && from < range.to);
    if (other)
      refuse(
        errors,
        name(`${at}[${i}]`),
        `${name(`${at}[${i}]`)} overlaps ${name(`${at}[${other.i}]`)}: one temporary schedule at a time`,
      );
    ranges.push({ i, from, to });
  });
  return errors;
}

/**
 * One temporary schedule: its shifts inside its window, one at a time, each naming people; a time inside it
 * with nobody is refused unless `allowGaps`, the message saying where (in the schedule's zone).
 */
export function temporaryScheduleErrors(
  schedule: unknown,
  timeZone: string,
  at = 'temporarySchedule',
  name: FieldNamer = asGiven,
): Errors {
  const errors: Errors = {};
  if (!isRecord(schedule)) {
    refuse(errors, name(at), SCHEDULE_MESSAGES.object(name(at)));
    return errors;
  }
  const idProblem = userIdProblem(schedule.id, name(`${at}.id`));
  if (idProblem) refuse(errors, name(`${at}.id`), idProblem);
  if (typeof schedule.allowGaps !== 'boolean')
    refuse(errors, name(`${at}.allowGaps`), FIELD_MESSAGES.boolean(name(`${at}.allowGaps`)));
  const window = rangeErrors(errors, schedule, at, name);
  const shifts = listAt(errors, schedule.shifts, name(`${at}.shifts`), SCHEDULE_LIMITS.temporaryShifts, 'shifts');
  if (!shifts) return errors;
  const valid: Array<{ i: number; from: number; to: number }> = [];
  shifts.forEach((shift, i) => {
    const s = `${at}.shifts[${i}]`;
    if (!isRecord(shift)) return refuse(errors, name(s), SCHEDULE_MESSAGES.object(name(s)));
    const users = listAt(errors, shift.userIds, name(`${s}.userIds`), SCHEDULE_LIMITS.usersPerSlot, 'people');
    if (users?.length === 0)
      refuse(errors, name(`${s}.userIds`), SCHEDULE_MESSAGES.listMin(name(`${s}.userIds`), 'person'));
    const seen = new Set<unknown>();
    users?.forEach((userId, j) => {
      const problem = userIdProblem(userId, name(`${s}.userIds[${j}]`));
      if (problem) refuse(errors, name(`${s}.userIds[${j}]`), problem);
      else if (seen.has(userId))
        refuse(errors, name(`${s}.userIds[${j}]`), SCHEDULE_MESSAGES.twice(name(`${s}.userIds`), 'person'));
      seen.add(userId);
    });
    const range = rangeErrors(errors, shift, s, name);
    if (!range || !window) return;
    if (range[0] < window[0] || range[1] > window[1]) {
      const when = `from ${local(window[0], timeZone)} to ${local(window[1], timeZone)}`;
      return refuse(errors, name(s), `${name(s)} must lie inside the temporary schedule, ${when} (${timeZone})`);
    }
    const other = valid.find((v) => v.from < range[1] && range[0] < v.to);
    if (other) {
      const both = `${name(s)} overlaps ${name(`${at}.shifts[${other.i}]`)}`;
      return refuse(errors, name(s), `${both}: one shift at a time, with everyone on call together in it`);
    }
    valid.push({ i, from: range[0], to: range[1] });
  });
  if (window && schedule.allowGaps === false && Object.keys(errors).length === 0) {
    const gap = firstGap(valid, window);
    if (gap) {
      const where = `from ${local(gap[0], timeZone)} to ${local(gap[1], timeZone)} (${timeZone})`;
      refuse(
        errors,
        name(`${at}.shifts`),
        `${name(`${at}.shifts`)} leave nobody on call ${where}: add a shift there, or allow gaps`,
      );
    }
  }
  return errors;
}

function firstGap(shifts: Array<{ from: number; to: number }>, [from, to]: [number, number]): [number, number] | null {
  let covered = from;
  for (const shift of [...shifts].sort((a, b) => a.from - b.from)) {
    if (shift.from > covered) return [covered, shift.from];
    covered = Math.max(covered, shift.to);
  }
  return covered < to ? [covered, to] : null;
}

const local = (t: number, timeZone: string) => DateTime.fromMillis(t, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm');

/** A window asked of the schedule (calendar, feeds, reports): two instants, `to` after `from`, at most 400 days. */
export function scheduleWindowErrors(
  window: { from: unknown; to: unknown },
  names = { from: 'from', to: 'to' },
): Errors {
  const errors: Errors = {};
  const range = rangeErrors(errors, { start: window.from, end: window.to }, '', (path) =>
    path === '.start' ? names.from : names.to,
  );
  if (range && range[1] - range[0] > SCHEDULE_LIMITS.windowDays * 86_400_000)
    refuse(errors, names.to, SCHEDULE_MESSAGES.windowLength(names.to, names.from));
  return errors;
}
