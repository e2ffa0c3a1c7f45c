import type { NotificationPolicyEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

/** GET signals/notification_policy_items: one document per policy item. */
export interface NotificationPolicyItemDoc extends ViewDocument {
  orgId: string;
  priority: string;
  notification_group_method: string;
  max_delay: string;
  created_at: string;
  updated_at: string;
}

export const notificationPolicyItemsProjection: Projection<NotificationPolicyItemDoc> = {
  name: 'notification-policy-items',
  version: 1,
  collection: 'notification_policy_items',
  handles: ['PolicyItemCreated', 'PolicyItemChanged', 'PolicyItemRemoved'],
  documentIds: (event) => [(event.data as { id: string }).id],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as NotificationPolicyEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'PolicyItemCreated':
      case 'PolicyItemChanged': {
        const { id, priority, notification_group_method, max_delay } = event.data;
        return {
          _id: id,
          orgId: recorded.metadata.orgId ?? '',
          priority,
          notification_group_method,
          max_delay,
          created_at: doc?.created_at ?? at,
          updated_at: at,
        };
      }
      case 'PolicyItemRemoved':
        return null;
    }
  },
};
