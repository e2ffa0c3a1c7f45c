import { ViewNames } from '@tocsin/contracts';
import { readModel, type ViewDocument } from './read-model';

/**
 * Active sessions by key (the SHA-256 of the cookie secret). An ended session is removed. Read through the
 * platform's ReadModelSessionStore (the session store when there is no Redis), which is given this collection.
 */
export interface SessionDoc extends ViewDocument {
  userId: string;
  orgId: string;
  expiresAt: string;
  staff: boolean;
  startedAt: string;
}

export const sessionsView = readModel<SessionDoc>({
  name: ViewNames.sessions,
  collection: 'sessions',
  indexes: [{ keys: { userId: 1, startedAt: 1 } }],
});
