import type { SessionEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

/** Active sessions by key (the SHA-256 of the cookie secret). An ended session is removed. */
export interface SessionDoc extends ViewDocument {
  userId: string;
  orgId: string;
  expiresAt: string;
  staff: boolean;
  startedAt: string;
}

export const sessionsProjection: Projection<SessionDoc> = {
  name: 'sessions',
  version: 1,
  collection: 'sessions',
  handles: ['SessionStarted', 'SessionOrganizationSwitched', 'SessionEnded'],
  documentIds: (event) => [(event.data as { sessionKey: string }).sessionKey],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as SessionEvent;
    switch (event.type) {
      case 'SessionStarted': {
        const { sessionKey, userId, organizationId, expiresAt, staff } = event.data;
        return { _id: sessionKey, userId, orgId: organizationId, expiresAt, staff, startedAt: recorded.metadata.occurredAt };
      }
      case 'SessionOrganizationSwitched':
        return doc && { ...doc, orgId: event.data.organizationId };
      case 'SessionEnded':
        return null;
    }
  },
};
