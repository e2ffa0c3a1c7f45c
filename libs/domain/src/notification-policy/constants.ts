import { FIELD_MESSAGES } from '../shared/field-rules';

/** SPEC.md sections 3 and 9: priorities and the policy's notification group methods. */
export const PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const NOTIFICATION_GROUP_METHODS = [
  'email',
  'chat',
  'mobile_text',
  'voice',
  'push',
  'apns',
  'fcm',
  'any',
] as const;
export type NotificationGroupMethod = (typeof NOTIFICATION_GROUP_METHODS)[number];

/** Channel labels (SPEC.md section 9). */
export const NOTIFICATION_GROUP_METHOD_LABELS: Record<NotificationGroupMethod, string> = {
  push: 'Push Notification',
  apns: 'Push Notification',
  fcm: 'Push Notification',
  mobile_text: 'SMS or WhatsApp',
  voice: 'Phone Call',
  email: 'Email',
  chat: 'Slack or MS Teams',
  any: 'Any',
};

/** How a refused policy item field reads, from the api's DTOs and the decider alike. */
export const POLICY_ITEM_MESSAGES = {
  priority: FIELD_MESSAGES.oneOf('priority', PRIORITIES),
  notification_group_method: FIELD_MESSAGES.oneOf('notification_group_method', NOTIFICATION_GROUP_METHODS),
  max_delay: 'max_delay must be an ISO-8601 duration such as PT5M',
} as const;
