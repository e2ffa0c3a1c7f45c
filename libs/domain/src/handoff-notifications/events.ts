import type { NotificationType } from '../notification-preferences/notification-types';

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

/**
 * A reminder before an on-call handoff: how long before, by which channel, and the working hours in
 * which it may be sent (SPEC.md section 3 gives the working-hours defaults; the other fields are ours).
 */
export interface HandoffNotificationFields {
  notify_before_minutes: number;
  notification_type: NotificationType;
  hours_setting: 'standard' | 'custom';
  workdays: 'weekdays' | 'custom';
  /** HH:MM, 24-hour. */
  start_time: string;
  end_time: string;
  /** IANA time zone, e.g. Europe/Paris. */
  time_zone: string;
  days: Record<Weekday, boolean>;
}

export type HandoffNotificationSaved = { type: 'HandoffNotificationSaved'; data: { id: string } & HandoffNotificationFields };
export type HandoffNotificationRemoved = { type: 'HandoffNotificationRemoved'; data: { id: string } };
export type HandoffNotificationEvent = HandoffNotificationSaved | HandoffNotificationRemoved;

/** One stream per user, as for notification settings: a person's reminders, edited by that person. */
export const handoffNotificationsStream = (userId: string) => `handoffNotifications-${userId}`;
