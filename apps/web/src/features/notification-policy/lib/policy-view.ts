import type { NotificationPolicyItem } from '@tocsin/contracts';
import {
  delaySeconds,
  NOTIFICATION_GROUP_METHOD_LABELS,
  PRIORITIES,
  type NotificationGroupMethod,
  type Priority,
} from '@tocsin/domain';

/** SPEC.md section 3: the organization notification policy view. */
export const POLICY_VIEW_NAME = 'Organization Notification Policy';

export interface PolicyStep {
  id: string;
  /** The item's max_delay, ISO-8601. */
  delay: string;
  notification_type: { label: string; value: NotificationGroupMethod };
}

export interface PolicyView {
  name: typeof POLICY_VIEW_NAME;
  priorities: Array<{ priority: Priority; steps: PolicyStep[] }>;
}

/** The six channels an owner chooses from, in the spec's order (SPEC.md section 9); apns and fcm items read as Push. */
export const POLICY_CHANNELS: readonly NotificationGroupMethod[] = [
  'push',
  'mobile_text',
  'voice',
  'email',
  'chat',
  'any',
];

/** Every priority, even without items; within one, the strictest step first. */
export function organizationPolicyView(items: readonly NotificationPolicyItem[]): PolicyView {
  return {
    name: POLICY_VIEW_NAME,
    priorities: PRIORITIES.map((priority) => ({
      priority,
      steps: items
        .filter((item) => item.priority === priority)
        .sort(
          (a, b) =>
            delaySeconds(a.max_delay) - delaySeconds(b.max_delay) ||
            POLICY_CHANNELS.indexOf(a.notification_group_method) - POLICY_CHANNELS.indexOf(b.notification_group_method),
        )
        .map((item) => ({
          id: item.id,
          delay: item.max_delay,
          notification_type: {
            label: NOTIFICATION_GROUP_METHOD_LABELS[item.notification_group_method],
            value: item.notification_group_method,
          },
        })),
    })),
  };
}
