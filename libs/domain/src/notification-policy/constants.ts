/** SPEC.md sections 3 and 9: priorities and the policy's notification group methods. */
export const PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const NOTIFICATION_GROUP_METHODS = ['email', 'chat', 'mobile_text', 'voice', 'push', 'apns', 'fcm', 'any'] as const;
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
