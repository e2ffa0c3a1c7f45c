import type { Priority } from '../notification-policy/constants';
import type { Destination, NotificationType } from './notification-types';

export interface NotificationSettingFields {
  notification_type: NotificationType;
  destination: Destination;
  /** One of DELAY_OPTIONS, e.g. PT5M. */
  delay: string;
  notification_priority: Priority;
}

export interface NotificationSetting extends NotificationSettingFields {
  id: string;
}

/** Create and update are one fact: the setting now holds these values. */
export type NotificationSettingSaved = { type: 'NotificationSettingSaved'; data: NotificationSetting };
export type NotificationSettingRemoved = { type: 'NotificationSettingRemoved'; data: { id: string } };

export type NotificationSettingEvent = NotificationSettingSaved | NotificationSettingRemoved;

/**
 * One stream per user: the settings are judged together (compliance is a property of the set), and one
 * person rarely edits from two places at once, so a shared stream costs no contention.
 */
export const notificationSettingsStream = (userId: string) => `notificationSettings-${userId}`;
