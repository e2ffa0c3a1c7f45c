import type { IANAZone } from 'luxon';
import type { Rotation, ScheduleRestriction } from './model';
import {
  DAY_MS,
  fromLocal,
  isoWeekdayOf,
  MINUTE_MS,
  parseClock,
  parseDate,
  pointAt,
  type Point,
  toLocal,
} from './wall-clock';

/** One stretch of a layer inside a computed range, its ends as instants with the wall-clock time each was meant as. */
export interface Piece {
  start: Point;
  end: Point;
  userIds: string[];
  shiftNumber: number;
}

const UNIT_MS = { hours: 3_600_000, days: DAY_MS, weeks: 7 * DAY_MS } as const;

/**
 * The wall-clock hand-off of shift `n` (local milliseconds). Hours, days and weeks add to the wall clock, so a
 * 24-hour or 7-day shift keeps its hand-off time across a change; months keep the day of the month, or the
 * month's last day where it is shorter.
 */
function handoffs(rotation: Rotation): ((n: number) => number) | null {
  const date = parseDate(rotation.startDate);
  const clock = parseClock(rotation.handoffTime);
  const { unit, count } = rotation.shift;
  if (date === null || clock === null || !(Number.isInteger(count) && count > 0)) return null;
  if (unit !== 'months' && !(unit in UNIT_MS)) return null;
  const first = date + clock * MINUTE_MS;
  if (unit !== 'months') return (n) => first + n * count * UNIT_MS[unit];
  const start = new Date(date);
  const [year, month, day] = [start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()];
  return (n) => {
    const months = month + n * count;
    const lastDay = new Date(Date.UTC(year, months + 1, 0)).getUTCDate();
    return Date.UTC(year, months, Math.min(day, lastDay)) + clock * MINUTE_MS;
  };
}

/** A first guess at the shift holding the wall-clock time `local`, at most one off. */
function guess(rotation: Rotation, at: (n: number) => number, local: number): number {
  const { unit, count } = rotation.shift;
  if (unit !== 'months') return Math.floor((local - at(0)) / (count * UNIT_MS[unit]));
  const a = new Date(at(0));
  const b = new Date(local);
  const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
  return Math.floor(months / count);
}

/** The rotation's shifts over [from, to), before restrictions; none before the first shift's start. */
export function rotationShifts(zone: IANAZone, rotation: Rotation, from: number, to: number): Piece[] {
  const at = handoffs(rotation);
  if (!at || rotation.slots.length === 0) return [];
  const handoff = (n: number): Point => {
    const local = at(n);
    return { t: fromLocal(zone, local), local };
  };
  let n = Math.max(0, guess(rotation, at, toLocal(zone, from)) - 1);
  while (n > 0 && handoff(n).t > from) n -= 1;
  while (handoff(n + 1).t <= from) n += 1;
  const shifts: Piece[] = [];
  for (let start = handoff(n); start.t < to; n += 1) {
    const end = handoff(n + 1);
    if (end.t > from && end.t > start.t) {
      shifts.push({
        start: start.t < from ? pointAt(zone, from) : start,
        end: end.t > to ? pointAt(zone, to) : end,
        userIds: rotation.slots[n % rotation.slots.length],
        shiftNumber: n,
      });
    }
    start = end;
  }
  return shifts;
}

/** The restriction windows over [from, to), sorted and joined where they overlap or touch. */
export function restrictionWindows(
  zone: IANAZone,
  restrictions: ScheduleRestriction[],
  from: number,
  to: number,
): Array<{ start: Point; end: Point }> {
  const firstDay = Math.floor((toLocal(zone, from) - 8 * DAY_MS) / DAY_MS);
  const lastDay = Math.floor((toLocal(zone, to) + DAY_MS) / DAY_MS);
  const windows: Array<{ start: Point; end: Point }> = [];
  for (const restriction of restrictions) {
    const clock = parseClock(restriction.startTime);
    if (clock === null) continue;
    for (let day = firstDay; day <= lastDay; day += 1) {
      if (restriction.type === 'weekly' && isoWeekdayOf(day) !== restriction.startDay) continue;
      const startLocal = day * DAY_MS + clock * MINUTE_MS;
      const endLocal = startLocal + restriction.durationMinutes * MINUTE_MS;
      const start = { t: fromLocal(zone, startLocal), local: startLocal };
      const end = { t: fromLocal(zone, endLocal), local: endLocal };
      if (end.t > from && start.t < to && end.t > start.t) windows.push({ start, end });
    }
  }
  windows.sort((a, b) => a.start.t - b.start.t);
  const joined: typeof windows = [];
  for (const window of windows) {
    const last = joined[joined.length - 1];
    if (last && window.start.t <= last.end.t) {
      if (window.end.t > last.end.t) last.end = window.end;
    } else joined.push({ ...window });
  }
  return joined;
}

/** The shifts cut to the windows: each piece keeps its shift's number and people. */
export function restrict(shifts: Piece[], windows: Array<{ start: Point; end: Point }>): Piece[] {
  const pieces: Piece[] = [];
  let j = 0;
  for (const shift of shifts) {
    while (j < windows.length && windows[j].end.t <= shift.start.t) j += 1;
    for (let k = j; k < windows.length && windows[k].start.t < shift.end.t; k += 1) {
      const start = windows[k].start.t > shift.start.t ? windows[k].start : shift.start;
      const end = windows[k].end.t < shift.end.t ? windows[k].end : shift.end;
      pieces.push({ ...shift, start, end });
    }
  }
  return pieces;
}
