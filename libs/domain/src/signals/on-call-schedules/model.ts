/**
 * On-call schedules (issue 20): the shape every part of the on-call side agrees on. A schedule belongs to a team
 * and has a time zone; its layers each follow a rotation; overrides and temporary schedules change the result
 * over ranges. `final-schedule.ts` holds the one pure function that turns this into who is on call, from when to
 * when, for any window: the escalation step, "on call now / next", the calendar, the iCal feeds, hand-off
 * notices, shift reminders and shift hours all use it, never a second computation.
 *
 * Instants are ISO-8601 UTC strings (`2026-03-08T07:00:00.000Z`); wall-clock times and dates are in the
 * schedule's zone (`HH:mm`, `YYYY-MM-DD`); lengths in events are whole minutes (the API answers ISO-8601
 * durations, as it does for step timeouts).
 */

/** ISO weekday: 1 Monday ... 7 Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * Where a layer may put someone on call. `daily`: every day from `startTime` for `durationMinutes` (a window
 * past midnight runs into the next day); `weekly`: from `startDay` at `startTime` for `durationMinutes` (up to a
 * week). Wall-clock in the schedule's zone: a window starting at 22:00 on a change night still starts at 22:00.
 * A layer with no restrictions may use every moment.
 */
export type ScheduleRestriction =
  | { type: 'daily'; startTime: string; durationMinutes: number }
  | { type: 'weekly'; startDay: IsoWeekday; startTime: string; durationMinutes: number };

/**
 * How long one shift lasts. `hours`/`days`/`weeks`: that many (a day is a calendar day in the zone, so a 24-hour
 * shift across a change is 23 or 25 hours long, and says so); `months`: hands off on the same day of the month,
 * the last day where the month is shorter (the 31st hands off on the 30th, the 28th or 29th).
 */
export interface ShiftLength {
  unit: 'hours' | 'days' | 'weeks' | 'months';
  count: number;
}

export interface Rotation {
  /**
   * Slots in turn order: each slot is the group of user ids on call together for one shift (usually one).
   * The slot at index `(shift number) mod slots.length` holds shift number n (n = 0 starts at `startDate`).
   */
  slots: string[][];
  shift: ShiftLength;
  /** The wall-clock hand-off time in the schedule's zone, `HH:mm`. A skipped time (a spring-forward gap) hands off at the first valid moment after it; a repeated time at its first occurrence. */
  handoffTime: string;
  /** The local date the first shift (slot 0) starts, at `handoffTime`. */
  startDate: string;
  restrictions: ScheduleRestriction[];
}

export interface ScheduleLayer {
  id: string;
  name: string;
  rotation: Rotation;
  /** Optional instant the layer stops (exclusive); null: runs on. */
  endsAt: string | null;
}

/**
 * An override over [start, end). `add`: `userId` is on call too; `remove`: `replacesUserId` is not; `replace`:
 * `userId` instead of `replacesUserId` (where that person was on call; elsewhere nothing changes). Applied after
 * the layers, in creation order: a later override applies to the result of the earlier ones, so it can override
 * an override.
 */
export interface ScheduleOverride {
  id: string;
  kind: 'add' | 'remove' | 'replace';
  start: string;
  end: string;
  /** The person added, or the replacement; null for `remove`. */
  userId: string | null;
  /** The person taken off (`remove`, `replace`); null for `add`. */
  replacesUserId: string | null;
}

/**
 * A temporary schedule over [start, end): inside it, its own shifts win over the layers (overrides still apply
 * after it). A moment inside it with nobody is a gap, allowed only when `allowGaps` (refused on save otherwise).
 */
export interface TemporarySchedule {
  id: string;
  start: string;
  end: string;
  shifts: Array<{ start: string; end: string; userIds: string[] }>;
  allowGaps: boolean;
}

/** A schedule's rules at one time: what an edit replaces as a whole (events carry it whole, as policies do). */
export interface ScheduleDefinition {
  timeZone: string;
  /** Lowest precedence first: a later layer wins wherever it has someone on call. */
  layers: ScheduleLayer[];
  overrides: ScheduleOverride[];
  temporarySchedules: TemporarySchedule[];
}

/**
 * The schedule's history, a fold of its log: each version holds from `from` (when the edit was recorded) until
 * the next version's `from`. Editing a rotation adds a version, so a past moment is computed with the rules of
 * that moment and history is never rewritten.
 */
export interface ScheduleVersion {
  from: string;
  definition: ScheduleDefinition;
}

export interface ScheduleInput {
  /** In any order (sorted by `from`; of two with the same `from`, the later in the list holds). Before the first, nobody is on call. */
  versions: ScheduleVersion[];
  /** People taken out of the organization (or the team): on nobody's final line from `at` on. */
  removals: Array<{ userId: string; at: string }>;
}

/** One stretch of a layer's rotation, as the calendar draws it. */
export interface LayerShift {
  layerId: string;
  start: string;
  end: string;
  userIds: string[];
  /** The shift number in the rotation (0 from `startDate`). */
  shiftNumber: number;
  /** Actual minus nominal length in minutes, where the zone's change made this shift longer (+60) or shorter (-60, -30); 0 otherwise. */
  lengthChangeMinutes: number;
}

/** One stretch of the final line: the same people on call from `start` to `end`. Empty `userIds`: a gap. */
export interface FinalShift {
  start: string;
  end: string;
  userIds: string[];
  /** Why each person is on call: the layer that won, an override, or a temporary schedule (one entry a person). */
  reasons: OnCallReason[];
  /** Actual minus wall-clock length in minutes, as for LayerShift (the sum over the parts it joins). */
  lengthChangeMinutes: number;
}

export type OnCallReason =
  | { userId: string; kind: 'layer'; layerId: string }
  | { userId: string; kind: 'override'; overrideId: string }
  | { userId: string; kind: 'temporary'; temporaryId: string };

export interface ComputedSchedule {
  layers: LayerShift[];
  final: FinalShift[];
}
