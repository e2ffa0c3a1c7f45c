import type { SessionEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { sessionsView, type SessionDoc } from '../../sessions.read-model';

export const sessionsProjection: Projection<SessionDoc> = {
  name: sessionsView.name,
  version: 1,
  collection: sessionsView.collection,
  indexes: sessionsView.indexes,
  handles: ['SessionStarted', 'SessionOrganizationSwitched', 'SessionEnded'],
  documentIds: (event) => [(event.data as { sessionKey: string }).sessionKey],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as SessionEvent;
    switch (event.type) {
      case 'SessionStarted': {
        const { sessionKey, userId, organizationId, expiresAt, staff } = event.data;
        return {
          _id: sessionKey,
          userId,
          orgId: organizationId,
          expiresAt,
          staff,
          startedAt: recorded.metadata.occurredAt,
        };
      }
      case 'SessionOrganizationSwitched':
        return doc && { ...doc, orgId: event.data.organizationId };
      case 'SessionEnded':
        return null;
    }
  },
};
