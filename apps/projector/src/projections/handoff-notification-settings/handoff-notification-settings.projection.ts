import { HANDOFF_NOTIFICATION_EVENT_TYPES, handoffNotificationsStream, upcastHandoffNotificationEvent, type HandoffNotificationFields, type RecordedHandoffNotificationEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

/** GET signals/handoff_notification_settings: one document per setting, in the organization it was saved in. */
export type HandoffNotificationSettingDoc = ViewDocument & HandoffNotificationFields & { orgId: string; userId: string; created_at: string; updated_at: string };

const PREFIX = handoffNotificationsStream('');

export const handoffNotificationSettingsProjection: Projection<HandoffNotificationSettingDoc> = {
  name: 'handoff-notification-settings',
  version: 1,
  collection: 'handoff_notification_settings',
  // the old names too: events recorded before the rename are read, never rewritten
  handles: [...HANDOFF_NOTIFICATION_EVENT_TYPES],
  documentIds: (event) => [(event.data as { id: string }).id],
  evolve(doc, recorded: RecordedEvent) {
    const event = upcastHandoffNotificationEvent({ type: recorded.type, data: recorded.data } as RecordedHandoffNotificationEvent);
    if (event.type === 'HandoffNotificationSettingRemoved') return null;
    const { id, ...fields } = event.data;
    const at = recorded.metadata.occurredAt;
    // the stream names the user whose reminder it is
    const userId = recorded.stream.slice(PREFIX.length);
    return { _id: id, orgId: doc?.orgId ?? recorded.metadata.orgId ?? '', userId, ...fields, created_at: doc?.created_at ?? at, updated_at: at };
  },
};
