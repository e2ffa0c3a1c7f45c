import type {
  Compliance,
  Destination,
  HandoffNotificationFields,
  NotificationGroupMethod,
  NotificationType,
  NotificationTypeDescription,
  Priority,
} from '@tocsin/domain';

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

/** POST /api/v1/signals/notification_policy_items. */
export interface NotificationPolicyItemRequest {
  priority: Priority;
  notification_group_method: NotificationGroupMethod;
  max_delay: string;
}

/** PATCH /api/v1/signals/notification_policy_items/{id}: a field left out keeps its value. */
export type NotificationPolicyItemChangeRequest = Partial<NotificationPolicyItemRequest>;

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

/**
 * A setting as GET/POST/PATCH /api/v1/signals_notification_settings return it: the notification type
 * described (SPEC.md section 3). The web flattens it back to `NotificationSetting` where it fetches.
 */
export type NotificationSettingResponse = Omit<NotificationSetting, 'notification_type'> & {
  notification_type: NotificationTypeDescription;
};

/** The flat form the rules work on, from what the API returns. */
export function flattenNotificationSetting({
  notification_type,
  ...rest
}: NotificationSettingResponse): NotificationSetting {
  return { ...rest, notification_type: notification_type.value };
}

/** POST /api/v1/signals_notification_settings; PATCH .../{id} takes the same fields. */
export interface NotificationSettingRequest {
  notification_type: NotificationType;
  destination: Destination;
  delay: string;
  notification_priority: Priority;
}

/** Query of GET /api/v1/signals_notification_settings (SPEC.md section 7: optional notification_priority). */
export interface NotificationSettingsQuery {
  notification_priority?: Priority;
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
export type HandoffNotificationSetting = {
  id: string;
  created_at: string;
  updated_at: string;
} & HandoffNotificationFields;

/** POST/PATCH /api/v1/signals/handoff_notification_settings: fields left out keep their value or the working-hours defaults. */
export type HandoffNotificationRequest = Partial<HandoffNotificationFields>;
