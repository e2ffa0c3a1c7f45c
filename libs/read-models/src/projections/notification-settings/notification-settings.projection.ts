import type { NotificationSettingEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { notificationSettingsView, type NotificationSettingDoc } from '../../notification-settings.read-model';
import { settingsOwner } from './settings-owner';

export const notificationSettingsProjection: Projection<NotificationSettingDoc> = {
  name: notificationSettingsView.name,
  version: 1,
  collection: notificationSettingsView.collection,
  indexes: notificationSettingsView.indexes,
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
        return {
          _id: id,
          orgId,
          userId: settingsOwner(recorded),
          ...fields,
          created_at: doc?.created_at ?? at,
          updated_at: at,
        };
      }
      case 'NotificationSettingRemoved':
        return null;
    }
  },
};
