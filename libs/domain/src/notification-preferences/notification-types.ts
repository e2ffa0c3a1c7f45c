import type { NotificationGroupMethod } from '../notification-policy/constants';

/** SPEC.md section 3: where a notification can go. */
export const DESTINATION_TYPES = ['email', 'slack', 'microsoft_teams', 'phone', 'apns', 'fcm'] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

export interface Destination {
  type: DestinationType;
  value: string;
}

export const DESTINATION_TYPE_LABELS: Record<DestinationType, string> = {
  email: 'Email',
  slack: 'Slack',
  microsoft_teams: 'Microsoft Teams',
  phone: 'Phone',
  apns: 'Push',
  fcm: 'Push',
};

/** The notification types of a user's setting, in the order the select offers them. */
export const NOTIFICATION_TYPES = ['email', 'slack', 'microsoft_teams', 'sms', 'voice', 'whats_app', 'apns', 'fcm'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A phone is offered as SMS, Voice or WhatsApp; both device kinds read as Push. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  email: 'Email',
  slack: 'Slack',
  microsoft_teams: 'Microsoft Teams',
  sms: 'SMS',
  voice: 'Voice',
  whats_app: 'WhatsApp',
  apns: 'Push',
  fcm: 'Push',
};

/** The kind of destination each notification type is sent to. */
export const NOTIFICATION_TYPE_DESTINATIONS: Record<NotificationType, DestinationType> = {
  email: 'email',
  slack: 'slack',
  microsoft_teams: 'microsoft_teams',
  sms: 'phone',
  voice: 'phone',
  whats_app: 'phone',
  apns: 'apns',
  fcm: 'fcm',
};

/** The policy channels a setting can belong to ('any', 'apns' and 'fcm' are policy methods, not channels). */
export type NotificationChannel = Extract<NotificationGroupMethod, 'email' | 'chat' | 'mobile_text' | 'voice' | 'push'>;

/** SPEC.md section 5: the one channel mapping, used by compliance and by the auto-fix. */
export const NOTIFICATION_CHANNELS: Record<NotificationType, NotificationChannel> = {
  email: 'email',
  slack: 'chat',
  microsoft_teams: 'chat',
  sms: 'mobile_text',
  whats_app: 'mobile_text',
  voice: 'voice',
  apns: 'push',
  fcm: 'push',
};

export function isNotificationType(value: unknown): value is NotificationType {
  return NOTIFICATION_TYPES.includes(value as NotificationType);
}

/** The destinations of `available` a setting of `type` may use, in their given order. */
export function destinationsFor(type: NotificationType, available: readonly Destination[]): Destination[] {
  return available.filter((destination) => destination.type === NOTIFICATION_TYPE_DESTINATIONS[type]);
}
