import { DomainError } from '../shared/event';
import { isNotificationType, NOTIFICATION_TYPES } from '../notification-preferences/notification-types';
import { HOURS_SETTINGS, WORKDAYS_SETTINGS, WORKING_HOURS_DEFAULTS } from '../notification-preferences/working-hours';
import { FIELD_MESSAGES } from '../shared/field-rules';
import type { SaveHandoffNotification } from './commands';
import type { HandoffNotificationFields, Weekday } from './events';

export const WEEKDAYS: readonly Weekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];
/** Up to a week ahead: a handoff reminder further out is forgotten before it matters. */
export const MAX_NOTIFY_BEFORE_MINUTES = 7 * 24 * 60;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function isTimeZone(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const isDays = (value: unknown): value is Record<Weekday, boolean> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).every((key) => WEEKDAYS.includes(key as Weekday)) &&
  WEEKDAYS.every((day) => typeof (value as Record<string, unknown>)[day] === 'boolean');

/** The saved setting: `base` (the stored one, or the defaults) overlaid with the fields given; every problem at once. */
export function validateHandoffNotification(
  command: SaveHandoffNotification,
  base: Partial<HandoffNotificationFields>,
): HandoffNotificationFields {
  const defined = Object.fromEntries(
    Object.entries(command).filter(([key, value]) => key !== 'type' && key !== 'id' && value !== undefined),
  );
  const merged = { ...WORKING_HOURS_DEFAULTS, ...base, ...defined } as Record<keyof HandoffNotificationFields, unknown>;
  const errors: Record<string, string[]> = {};
  const minutes = merged.notify_before_minutes;
  if (minutes === undefined || minutes === null || minutes === '') errors.notify_before_minutes = ['Required'];
  else if (!Number.isInteger(minutes) || (minutes as number) < 0 || (minutes as number) > MAX_NOTIFY_BEFORE_MINUTES) {
    errors.notify_before_minutes = [
      `notify_before_minutes must be a whole number from 0 to ${MAX_NOTIFY_BEFORE_MINUTES}`,
    ];
  }
  if (merged.notification_type === undefined || merged.notification_type === null || merged.notification_type === '')
    errors.notification_type = ['Required'];
  else if (!isNotificationType(merged.notification_type))
    errors.notification_type = [FIELD_MESSAGES.oneOf('notification_type', NOTIFICATION_TYPES)];
  if (!HOURS_SETTINGS.includes(merged.hours_setting as never))
    errors.hours_setting = [FIELD_MESSAGES.oneOf('hours_setting', HOURS_SETTINGS)];
  if (!WORKDAYS_SETTINGS.includes(merged.workdays as never))
    errors.workdays = [FIELD_MESSAGES.oneOf('workdays', WORKDAYS_SETTINGS)];
  for (const field of ['start_time', 'end_time'] as const) {
    if (typeof merged[field] !== 'string' || !TIME.test(merged[field] as string))
      errors[field] = [`${field} must be a time such as 09:00`];
  }
  if (!isTimeZone(merged.time_zone)) errors.time_zone = ['time_zone must be a time zone such as Europe/Paris'];
  if (!isDays(merged.days)) errors.days = [`days must give true or false for each of ${WEEKDAYS.join(', ')}`];
  if (Object.keys(errors).length > 0)
    throw new DomainError('The handoff notification setting is not valid', 'invalid', errors);
  const days = merged.days as Record<Weekday, boolean>;
  return {
    ...(merged as HandoffNotificationFields),
    days: Object.fromEntries(WEEKDAYS.map((day) => [day, days[day]])) as Record<Weekday, boolean>,
  };
}
