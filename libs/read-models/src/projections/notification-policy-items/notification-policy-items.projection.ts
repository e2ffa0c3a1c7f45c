import type { NotificationPolicyEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import {
  notificationPolicyItemsView,
  type NotificationPolicyItemDoc,
} from '../../notification-policy-items.read-model';

export const notificationPolicyItemsProjection: Projection<NotificationPolicyItemDoc> = {
  name: notificationPolicyItemsView.name,
  version: 1,
  collection: notificationPolicyItemsView.collection,
  indexes: notificationPolicyItemsView.indexes,
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
