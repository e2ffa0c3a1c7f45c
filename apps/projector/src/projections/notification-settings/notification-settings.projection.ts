import type { Destination, NotificationSettingEvent, NotificationType, Priority } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';
import { settingsOwner } from './settings-owner';

/** GET signals_notification_settings: one document per setting, in the organization it was saved in. */
export interface NotificationSettingDoc extends ViewDocument {
  orgId: string;
  userId: string;
  notification_type: NotificationType;
  destination: Destination;
  delay: string;
  notification_priority: Priority;
  created_at: string;
  updated_at: string;
}

export const notificationSettingsProjection: Projection<NotificationSettingDoc> = {
  name: 'notification-settings',
  version: 1,
  collection: 'notification_settings',
  handles: ['NotificationSettingSaved', 'NotificationSettingRemoved'],
  documentIds: (event) => [(event.data as { id: string }).id],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as NotificationSettingEvent;
    switch (event.type) {
      case 'NotificationSettingSaved': {
        const { id, ...fields } = event.data;
        const at = recorded.metadata.occurredAt;
        // the organization a setting was first saved in stays its organization
        const orgId = doc?.orgId ?? recorded.metadata.orgId ?? '';
        return { _id: id, orgId, userId: settingsOwner(recorded), ...fields, created_at: doc?.created_at ?? at, updated_at: at };
      }
      case 'NotificationSettingRemoved':
        return null;
    }
  },
};
