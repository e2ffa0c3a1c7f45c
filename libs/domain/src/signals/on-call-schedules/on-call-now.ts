import { computeSchedule } from './final-schedule';
import type { FinalShift, ScheduleInput } from './model';

/**
 * Small questions answered from computeSchedule, never by a second computation: "who is on call now", "who is
 * next", "my shifts". A stretch is read within a horizon around the instant: one longer than that shows its
 * start or end at the horizon.
 */
export const ON_CALL_HORIZON_DAYS = 7;
const DAY_MS = 86_400_000;

const at = (t: number) => new Date(t).toISOString();

/** The stretch of the final line covering `instant` (who, why, from when to when), nobody as empty `userIds`. */
export function onCallAt(input: ScheduleInput, instant: string, horizonDays = ON_CALL_HORIZON_DAYS): FinalShift | null {
  const t = Date.parse(instant);
  if (Number.isNaN(t)) return null;
  const { final } = computeSchedule(input, { from: at(t - horizonDays * DAY_MS), to: at(t + horizonDays * DAY_MS) });
  return final.find((shift) => Date.parse(shift.start) <= t && t < Date.parse(shift.end)) ?? null;
}

/**
 * The stretches with someone on call from `instant` on, the current one first (its start may be before
 * `instant`), at most `count`, looking at most `withinDays` ahead.
 */
export function nextShifts(input: ScheduleInput, instant: string, count: number, withinDays = 31): FinalShift[] {
  const t = Date.parse(instant);
  if (Number.isNaN(t) || count <= 0) return [];
  const { final } = computeSchedule(input, {
    from: at(t - ON_CALL_HORIZON_DAYS * DAY_MS),
    to: at(t + withinDays * DAY_MS),
  });
  return final.filter((shift) => Date.parse(shift.end) > t && shift.userIds.length > 0).slice(0, count);
}

/** One person's stretches in a window ("my shifts", shift hours), each with who else was on call and why. */
export function shiftsOf(input: ScheduleInput, userId: string, window: { from: string; to: string }): FinalShift[] {
  return computeSchedule(input, window).final.filter((shift) => shift.userIds.includes(userId));
}

/** The gaps of the final line in a window (nobody on call), for the coverage warning. */
export function coverageGaps(input: ScheduleInput, window: { from: string; to: string }): FinalShift[] {
  return computeSchedule(input, window).final.filter((shift) => shift.userIds.length === 0);
}
