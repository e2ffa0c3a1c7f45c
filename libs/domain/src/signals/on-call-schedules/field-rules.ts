import { formatDuration } from '../../shared/duration';
import { FIELD_MESSAGES, ID_MAX_LENGTH } from '../../shared/field-rules';
import { isTimeZone, parseClock, parseDate } from './wall-clock';

/**
 * The bounds of a schedule. Ours (the spec shows none): big enough for any team we know of, small enough that
 * one computation over the longest window stays in milliseconds and no list grows without end.
 */
export const SCHEDULE_LIMITS = {
  layers: 10,
  layerNameLength: 100,
  slots: 50,
  usersPerSlot: 20,
  restrictions: 30,
  overrides: 500,
  temporarySchedules: 20,
  temporaryShifts: 200,
  /** The longest window one computation takes (a year and a month: a yearly report, the 90-day "my shifts"). */
  windowDays: 400,
} as const;

/** Shift counts per unit: 1 up to about a year of that unit (8,760 hours, 365 days, 52 weeks, 12 months). */
export const SHIFT_COUNT_MAX = { hours: 8760, days: 365, weeks: 52, months: 12 } as const;
export const SHIFT_UNITS = ['hours', 'days', 'weeks', 'months'] as const;
export const RESTRICTION_TYPES = ['daily', 'weekly'] as const;
export const OVERRIDE_KINDS = ['add', 'remove', 'replace'] as const;
/** A daily window runs up to a day, a weekly one up to a week (both at least a minute). */
export const RESTRICTION_MINUTES_MAX = { daily: 1440, weekly: 7 * 1440 } as const;

/** The wording of a schedule's own rules, `at` naming the field as the request does. */
export const SCHEDULE_MESSAGES = {
  timeZone: (at: string) => `${at} must be an IANA time zone, like Europe/London or America/New_York`,
  clock: (at: string) => `${at} must be a time of day as HH:mm, from 00:00 to 23:59`,
  date: (at: string) => `${at} must be a date as YYYY-MM-DD`,
  instant: (at: string) => `${at} must be a date and time with its offset, like 2026-03-08T07:00:00Z`,
  list: (at: string) => `${at} must be a list`,
  object: (at: string) => `${at} must be an object`,
  listMax: (at: string, max: number, what: string) => `${at} must hold at most ${max} ${what}`,
  listMin: (at: string, what: string) => `${at} must hold at least one ${what}`,
  twice: (at: string, what: string) => `${at} names the same ${what} twice`,
  after: (at: string, other: string) => `${at} must be after ${other}`,
  shiftCount: (at: string, unit: keyof typeof SHIFT_COUNT_MAX) =>
    `${at} must be a whole number of ${unit} from 1 to ${SHIFT_COUNT_MAX[unit]}`,
  restrictionLength: (at: string, type: keyof typeof RESTRICTION_MINUTES_MAX) =>
    FIELD_MESSAGES.minutes(at, 'PT1M', formatDuration(RESTRICTION_MINUTES_MAX[type] * 60)),
  weekday: (at: string) => `${at} must be a day of the week from 1 (Monday) to 7 (Sunday)`,
  windowLength: (at: string, from: string) =>
    `${at} must be at most ${SCHEDULE_LIMITS.windowDays} days after ${from}: ask for a shorter window`,
} as const;

/** Where a rule's messages go: the field's name as the request spells it (a camelCase path by default). */
export type FieldNamer = (path: string) => string;
export const asGiven: FieldNamer = (path) => path;
/** `layers[0].rotation.handoffTime` as `layers[0].rotation.handoff_time`, for an API that spells fields so. */
export const snakeCasePath: FieldNamer = (path) => path.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export type Errors = Record<string, string[]>;

/** Adds a message to a field. */
export function refuse(errors: Errors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
export const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value));
export const isClock = (value: unknown): value is string => parseClock(value) !== null;
export const isDate = (value: unknown): value is string => parseDate(value) !== null;
export { isTimeZone };
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A user id the client names: required, bounded. The message, or null when it is one. */
export function userIdProblem(value: unknown, at: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return FIELD_MESSAGES.required(at);
  if (value.length > ID_MAX_LENGTH) return FIELD_MESSAGES.maxLength(at, ID_MAX_LENGTH);
  return null;
}

/** A list field: the list, or null after refusing it (missing, not a list, too long). */
export function listAt(errors: Errors, value: unknown, at: string, max: number, what: string): unknown[] | null {
  if (!Array.isArray(value)) {
    refuse(
      errors,
      at,
      value === undefined || value === null ? FIELD_MESSAGES.required(at) : SCHEDULE_MESSAGES.list(at),
    );
    return null;
  }
  if (value.length > max) {
    refuse(errors, at, SCHEDULE_MESSAGES.listMax(at, max, what));
    return null;
  }
  return value;
}
