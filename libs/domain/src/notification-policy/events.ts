import type { NotificationGroupMethod, Priority } from './constants';

export interface PolicyItemFields {
  priority: Priority;
  notification_group_method: NotificationGroupMethod;
  /** ISO-8601, e.g. PT5M. */
  max_delay: string;
}

export type PolicyItemCreated = { type: 'PolicyItemCreated'; data: { id: string; orgId: string } & PolicyItemFields };
export type PolicyItemChanged = { type: 'PolicyItemChanged'; data: { id: string } & PolicyItemFields };
export type PolicyItemRemoved = { type: 'PolicyItemRemoved'; data: { id: string } };

export type NotificationPolicyEvent = PolicyItemCreated | PolicyItemChanged | PolicyItemRemoved;

/**
 * One stream per policy item: items have no invariant across each other, and separate streams let
 * owners edit different items at the same time without conflicts.
 */
export const notificationPolicyItemStream = (itemId: string) => `notificationPolicyItem-${itemId}`;
