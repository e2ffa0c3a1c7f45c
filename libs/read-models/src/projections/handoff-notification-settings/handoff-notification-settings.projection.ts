import {
  HANDOFF_NOTIFICATION_EVENT_TYPES,
  handoffNotificationsStream,
  upcastHandoffNotificationEvent,
  type RecordedHandoffNotificationEvent,
} from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import {
  handoffNotificationSettingsView,
  type HandoffNotificationSettingDoc,
} from '../../handoff-notification-settings.read-model';

const PREFIX = handoffNotificationsStream('');

export const handoffNotificationSettingsProjection: Projection<HandoffNotificationSettingDoc> = {
  name: handoffNotificationSettingsView.name,
  version: 1,
  collection: handoffNotificationSettingsView.collection,
  indexes: handoffNotificationSettingsView.indexes,
  // the old names too: events recorded before the rename are read, never rewritten
  handles: [...HANDOFF_NOTIFICATION_EVENT_TYPES],
  documentIds: (event) => [(event.data as { id: string }).id],
  evolve(doc, recorded: RecordedEvent) {
    const event = upcastHandoffNotificationEvent({
      type: recorded.type,
      data: recorded.data,
    } as RecordedHandoffNotificationEvent);
    if (event.type === 'HandoffNotificationSettingRemoved') return null;
    const { id, ...fields } = event.data;
    const at = recorded.metadata.occurredAt;
    // the stream names the user whose reminder it is
    const userId = recorded.stream.slice(PREFIX.length);
    return {
      _id: id,
      orgId: doc?.orgId ?? recorded.metadata.orgId ?? '',
      userId,
      ...fields,
      created_at: doc?.created_at ?? at,
      updated_at: at,
    };
  },
};
