import { renamedEvents } from '../shared/renamed-events';
import type { NotificationType } from '../notification-preferences/notification-types';
import type { HoursSetting, WorkdaysSetting } from '../notification-preferences/working-hours';

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

/**
 * A reminder before an on-call handoff: how long before, by which channel, and the working hours in
 * which it may be sent (SPEC.md section 3 gives the working-hours defaults; the other fields are ours).
 */
export interface HandoffNotificationFields {
  notify_before_minutes: number;
  notification_type: NotificationType;
  hours_setting: HoursSetting;
  workdays: WorkdaysSetting;
  /** HH:MM, 24-hour. */
  start_time: string;
  end_time: string;
  /** IANA time zone, e.g. Europe/Paris. */
  time_zone: string;
  days: Record<Weekday, boolean>;
}

export type HandoffNotificationSettingSaved = {
  type: 'HandoffNotificationSettingSaved';
  data: { id: string } & HandoffNotificationFields;
};
export type HandoffNotificationSettingRemoved = { type: 'HandoffNotificationSettingRemoved'; data: { id: string } };
export type HandoffNotificationEvent = HandoffNotificationSettingSaved | HandoffNotificationSettingRemoved;

/**
 * The names these events were first recorded under, read as today's (ARCHITECTURE.md: old versions are
 * upcast when read; events are never rewritten). The data did not change, only the name.
 */
export const HANDOFF_NOTIFICATION_EVENT_ALIASES = {
  HandoffNotificationSaved: 'HandoffNotificationSettingSaved',
  HandoffNotificationRemoved: 'HandoffNotificationSettingRemoved',
} as const satisfies Record<string, HandoffNotificationEvent['type']>;

/** An event of this stream as recorded, under its current name or an old one. */
export type RecordedHandoffNotificationEvent =
  HandoffNotificationEvent | { type: keyof typeof HANDOFF_NOTIFICATION_EVENT_ALIASES; data: unknown };

const handoffRenames = renamedEvents<HandoffNotificationEvent>(HANDOFF_NOTIFICATION_EVENT_ALIASES);

/** Every type name a reader of these events must accept. */
export const HANDOFF_NOTIFICATION_EVENT_TYPES: readonly string[] = [
  ...handoffRenames.namesOf('HandoffNotificationSettingSaved'),
  ...handoffRenames.namesOf('HandoffNotificationSettingRemoved'),
];

export const upcastHandoffNotificationEvent: (event: RecordedHandoffNotificationEvent) => HandoffNotificationEvent =
  handoffRenames.upcast;

/** One stream per user, as for notification settings: a person's reminders, edited by that person. */
export const handoffNotificationsStream = (userId: string) => `handoffNotifications-${userId}`;
