import { computeSchedule } from './final-schedule';
import type { ScheduleInput } from './model';
import { DAY_MS, fromLocal, isoWeekdayOf, toLocal, zoneOf } from './wall-clock';

/**
 * Working hours for "out of hours" (issue 20, shift hours; ours, the issue names none): 09:00 to 17:00, Monday to
 * Friday, on the wall clock of the schedule's zone (the zone of the rules in force when the stretch starts).
 */
export const WORKING_HOURS = { startHour: 9, endHour: 17, weekdays: [1, 2, 3, 4, 5] } as const;

export interface PersonShiftHours {
  userId: string;
  /** Milliseconds on call over the window, from the final line (overrides included). */
  onCallMs: number;
  /** The part of it outside WORKING_HOURS. */
  outOfHoursMs: number;
}

const HOUR_MS = 3_600_000;

/** How much of [start, end) falls inside working hours in `timeZone`. */
function workingMs(timeZone: string, start: number, end: number): number {
  const zone = zoneOf(timeZone);
  if (!zone || end <= start) return 0;
  let total = 0;
  const lastDay = Math.floor(toLocal(zone, end) / DAY_MS);
  for (let day = Math.floor(toLocal(zone, start) / DAY_MS); day <= lastDay; day += 1) {
    if (!(WORKING_HOURS.weekdays as readonly number[]).includes(isoWeekdayOf(day))) continue;
    const open = fromLocal(zone, day * DAY_MS + WORKING_HOURS.startHour * HOUR_MS);
    const close = fromLocal(zone, day * DAY_MS + WORKING_HOURS.endHour * HOUR_MS);
    total += Math.max(0, Math.min(end, close) - Math.max(start, open));
  }
  return total;
}

/**
 * Each person's on-call time over a window on one schedule, read from the final line of the one computation
 * (computeSchedule), never worked out again: a stretch with two people counts for both.
 */
export function shiftHours(input: ScheduleInput, window: { from: string; to: string }): PersonShiftHours[] {
  const versions = [...input.versions].sort((a, b) => a.from.localeCompare(b.from));
  const zoneAt = (iso: string) =>
    (versions.filter((v) => v.from <= iso).pop() ?? versions[0])?.definition.timeZone ?? 'UTC';
  const people = new Map<string, PersonShiftHours>();
  for (const shift of computeSchedule(input, window).final) {
    const [start, end] = [Date.parse(shift.start), Date.parse(shift.end)];
    const inHours = workingMs(zoneAt(shift.start), start, end);
    for (const userId of shift.userIds) {
      const person = people.get(userId) ?? { userId, onCallMs: 0, outOfHoursMs: 0 };
      person.onCallMs += end - start;
      person.outOfHoursMs += end - start - inHours;
      people.set(userId, person);
    }
  }
  return [...people.values()];
}
