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

/** The notification types that go to a phone: also the ways a phone is verified (phones/constants.ts). */
export const PHONE_NOTIFICATION_TYPES = ['sms', 'voice', 'whats_app'] as const;
export type PhoneNotificationType = (typeof PHONE_NOTIFICATION_TYPES)[number];

/**
 * The notification types of a user's setting, in the order the select offers them. The one list of kinds: the
 * channels that deliver pages (libs/platform) have one adapter per type.
 */
export const NOTIFICATION_TYPES = [
  'email',
  'slack',
  'microsoft_teams',
  ...PHONE_NOTIFICATION_TYPES,
  'apns',
  'fcm',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const isPhoneNotificationType = (value: unknown): value is PhoneNotificationType =>
  typeof value === 'string' && (PHONE_NOTIFICATION_TYPES as readonly string[]).includes(value);

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

/**
 * A channel kind as an operator reads it (the ops page, an alert's pending notifications): the label, the two push
 * kinds told apart; a kind this version does not know (a wire value) as it is, looked up as an own property only.
 */
export const channelLabel = (kind: string): string => {
  if (!Object.hasOwn(NOTIFICATION_TYPE_LABELS, kind)) return kind;
  const label = NOTIFICATION_TYPE_LABELS[kind as NotificationType];
  return kind === 'apns' ? `${label} (APNs)` : kind === 'fcm' ? `${label} (FCM)` : label;
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

/**
 * SPEC.md section 3: a setting's notification_type as the API returns it, "with notification_type, type,
 * value, label": the type itself, the kind of destination it goes to, the select's value and its label.
 */
export interface NotificationTypeDescription {
  notification_type: NotificationType;
  type: DestinationType;
  value: NotificationType;
  label: string;
}

export function describeNotificationType(type: NotificationType): NotificationTypeDescription {
  return {
    notification_type: type,
    type: NOTIFICATION_TYPE_DESTINATIONS[type],
    value: type,
    label: NOTIFICATION_TYPE_LABELS[type],
  };
}

/**
 * What a client sent for a field the API also returns as an object: the string itself, or the object's
 * `value` (a delay `{ value: 'PT5M' }`, a notification type as returned), or its `notification_type`.
 */
export function unwrapFieldValue(sent: unknown): unknown {
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return sent;
  const candidate = sent as { value?: unknown; notification_type?: unknown };
  if (typeof candidate.value === 'string') return candidate.value;
  if (typeof candidate.notification_type === 'string') return candidate.notification_type;
  return sent;
}
