import { DateTime } from 'luxon';
import type { FinalShift } from '../signals/on-call-schedules/model';
import { WORKING_HOURS_DEFAULTS } from '../notification-preferences/working-hours';
import type { HandoffNotificationFields, Weekday } from './events';
import { WEEKDAYS } from './validation';

/**
 * Hand-off notices and shift reminders (issue 20), answered from the final line of `computeSchedule` and never
 * from a second computation: when each of a person's shifts starts, when its reminder is sent under their
 * hand-off setting, and which of their future shifts an edit changed.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How far back a reminder moves to find the setting's working hours before it is sent at its own time anyway. */
export const REMINDER_LOOKBACK_DAYS = 8;

/** One shift of one person: a run of the final line with them on call, whoever else comes and goes meanwhile. */
export interface PersonShift {
  start: string;
  end: string;
  /** Who was on call just before it (the hand-off: whom this person takes over from), them excluded. */
  takesOverFrom: string[];
}

/**
 * The person's shifts in a stretch of the final line, its consecutive parts joined. A shift already running at
 * the stretch's first instant is left out when `whole` (its true start is before it: no hand-off is seen).
 */
export function shiftsStarting(final: readonly FinalShift[], userId: string, whole = true): PersonShift[] {
  const shifts: PersonShift[] = [];
  let current: PersonShift | null = null;
  let previous: FinalShift | null = null;
  for (const part of final) {
    const joined = previous !== null && previous.end === part.start;
    if (part.userIds.includes(userId)) {
      if (current && joined) current.end = part.end;
      else {
        current = {
          start: part.start,
          end: part.end,
          takesOverFrom: joined && previous ? previous.userIds.filter((id) => id !== userId) : [],
        };
        if (!(whole && part === final[0])) shifts.push(current);
      }
    } else current = null;
    previous = part;
  }
  return shifts;
}

type WorkingHours = Pick<
  HandoffNotificationFields,
  'hours_setting' | 'workdays' | 'start_time' | 'end_time' | 'time_zone' | 'days'
>;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The setting's working windows that start on the local days around `instant` (standard hours are 09:00 to
 * 17:00, weekdays Monday to Friday; an end at or before the start runs past midnight), as UTC milliseconds.
 */
function workingWindows(hours: WorkingHours, instant: number, daysBack: number): Array<[number, number]> {
  const startTime = hours.hours_setting === 'standard' ? WORKING_HOURS_DEFAULTS.start_time : hours.start_time;
  const endTime = hours.hours_setting === 'standard' ? WORKING_HOURS_DEFAULTS.end_time : hours.end_time;
  const days: Record<Weekday, boolean> = hours.workdays === 'weekdays' ? WORKING_HOURS_DEFAULTS.days : hours.days;
  const zone = hours.time_zone || 'UTC';
  const from = minutesOf(startTime);
  let length = minutesOf(endTime) - from;
  if (length <= 0) length += 24 * 60;
  const today = DateTime.fromMillis(instant, { zone }).startOf('day');
  if (!today.isValid) return [];
  const windows: Array<[number, number]> = [];
  for (let back = daysBack; back >= -1; back--) {
    const day = today.minus({ days: back });
    if (!days[WEEKDAYS[day.weekday - 1]]) continue;
    const start = day.set({ hour: Math.floor(from / 60), minute: from % 60 }).toMillis();
    windows.push([start, start + length * MINUTE_MS]);
  }
  return windows;
}

/** Whether `instant` is inside the setting's working hours. */
export function inWorkingHours(hours: WorkingHours, instant: string): boolean {
  const t = Date.parse(instant);
  return workingWindows(hours, t, 1).some(([start, end]) => start <= t && t < end);
}

/**
 * When the reminder of a shift starting at `shiftStart` is sent: `notify_before_minutes` before it when that is
 * inside the setting's working hours, or else at the last working minute before then (a Saturday shift's
 * reminder comes on Friday before the day ends), or at its own time when no working hours came in the
 * REMINDER_LOOKBACK_DAYS before it.
 */
export function reminderSendAt(setting: HandoffNotificationFields, shiftStart: string): string {
  const due = Date.parse(shiftStart) - setting.notify_before_minutes * MINUTE_MS;
  const windows = workingWindows(setting, due, REMINDER_LOOKBACK_DAYS);
  if (windows.some(([start, end]) => start <= due && due < end)) return new Date(due).toISOString();
  const ends = windows
    .map(([, end]) => end - MINUTE_MS)
    .filter((last) => last < due && last >= due - REMINDER_LOOKBACK_DAYS * DAY_MS);
  return new Date(ends.length > 0 ? Math.max(...ends) : due).toISOString();
}

/** The furthest a shift can start after its reminder is sent: how far ahead a reminder run must look. */
export const reminderHorizonMs = (setting: Pick<HandoffNotificationFields, 'notify_before_minutes'>) =>
  setting.notify_before_minutes * MINUTE_MS + REMINDER_LOOKBACK_DAYS * DAY_MS;

/** The person's future shifts an edit added and removed (a moved shift is one of each), soonest first. */
export interface ShiftChange {
  userId: string;
  added: PersonShift[];
  removed: PersonShift[];
}

/**
 * Compares the final line before and after an edit over the same window: for each person whose shifts differ,
 * what was added and what was removed. Parts joined differently but covering the same stretches are no change.
 */
export function shiftChanges(before: readonly FinalShift[], after: readonly FinalShift[]): ShiftChange[] {
  const people = new Set([...before, ...after].flatMap((part) => part.userIds));
  const key = (shift: PersonShift) => `${shift.start}/${shift.end}`;
  const changes: ShiftChange[] = [];
  for (const userId of [...people].sort()) {
    const was = shiftsStarting(before, userId, false);
    const now = shiftsStarting(after, userId, false);
    const wasKeys = new Set(was.map(key));
    const nowKeys = new Set(now.map(key));
    const added = now.filter((shift) => !wasKeys.has(key(shift)));
    const removed = was.filter((shift) => !nowKeys.has(key(shift)));
    if (added.length > 0 || removed.length > 0) changes.push({ userId, added, removed });
  }
  return changes;
}
