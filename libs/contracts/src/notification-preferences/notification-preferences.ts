import type { Compliance, Destination, HandoffNotificationFields, NotificationGroupMethod, NotificationType, Priority } from '@tocsin/domain';

/**
 * The notification policy and a user's notification preferences as the API answers them
 * (SPEC.md sections 3 and 7), so the web never guesses a field name.
 */

/** GET /api/v1/signals/notification_policy_items (each item), and the POST/PATCH answers. */
export interface NotificationPolicyItem {
  id: string;
  priority: Priority;
  notification_group_method: NotificationGroupMethod;
  /** ISO-8601, e.g. PT5M. */
  max_delay: string;
  created_at: string;
  updated_at: string;
}

/** POST /api/v1/signals/notification_policy_items; PATCH .../{id} takes any of the fields. */
export interface NotificationPolicyItemRequest {
  priority: Priority;
  notification_group_method: NotificationGroupMethod;
  max_delay: string;
}

/** GET /api/v1/signals_notification_settings (each setting), and the POST/PATCH answers. */
export interface NotificationSetting {
  id: string;
  notification_type: NotificationType;
  destination: Destination;
  /** One of the delay options (PT0S ... PT1H). */
  delay: string;
  notification_priority: Priority;
  created_at: string;
  updated_at: string;
}

/** POST /api/v1/signals_notification_settings; PATCH .../{id} takes the same fields. */
export interface NotificationSettingRequest {
  notification_type: NotificationType;
  destination: Destination;
  delay: string;
  notification_priority: Priority;
}

/** GET /api/v1/signals/destinations (each): where the caller can be notified. */
export interface DestinationOption extends Destination {
  label: string;
}

/** GET /api/v1/signals_notification_settings/compliance. */
export interface ComplianceResponse {
  data: Compliance;
}

/** GET /api/v1/signals/handoff_notification_settings (each): a reminder before an on-call handoff. */
export type HandoffNotificationSetting = { id: string; created_at: string; updated_at: string } & HandoffNotificationFields;

/** POST/PATCH /api/v1/signals/handoff_notification_settings: fields left out keep their value or the working-hours defaults. */
export type HandoffNotificationRequest = Partial<HandoffNotificationFields>;
