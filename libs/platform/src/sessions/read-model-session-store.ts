import type { ReadStore, ViewDocument } from '../read-store/read-store.port';
import { isLive, type SessionStore, type StoredSession } from './session-store.port';

interface SessionDocument extends ViewDocument {
  userId: string;
  orgId: string;
  expiresAt: string;
  staff: boolean;
  startedAt: string;
}

export interface ReadModelSessionStoreOptions {
  /** Resolves once the sessions read model has folded the event at `position`. */
  caughtUp(position: number | null): Promise<void>;
  now(): number;
  collection?: string;
}

/**
 * Embedded adapter: the sessions read model, which the projector builds from the session events. The
 * events are the writes, so a write here only waits for the model to hold them (read-your-writes).
 */
export class ReadModelSessionStore implements SessionStore {
  readonly kind = 'read-model';
  private readonly collection: string;

  constructor(
    private readonly store: ReadStore,
    private readonly options: ReadModelSessionStoreOptions,
  ) {
    this.collection = options.collection ?? 'sessions';
  }

  save(_session: StoredSession, recorded: number | null): Promise<void> {
    return this.options.caughtUp(recorded);
  }

  switchOrganization(_key: string, _orgId: string, recorded: number | null): Promise<void> {
    return this.options.caughtUp(recorded);
  }

  remove(_key: string, recorded: number | null): Promise<void> {
    return this.options.caughtUp(recorded);
  }

  async find(key: string): Promise<StoredSession | null> {
    const doc = await this.store.findOne<SessionDocument>(this.collection, { _id: key });
    const session = doc && toSession(doc);
    return session && isLive(session, this.options.now()) ? session : null;
  }

  async ofUser(userId: string): Promise<StoredSession[]> {
    const docs = await this.store.find<SessionDocument>(this.collection, { userId }, { sort: { startedAt: 1 } });
    const now = this.options.now();
    return docs.map(toSession).filter((s) => isLive(s, now));
  }
}

function toSession(doc: SessionDocument): StoredSession {
  return {
    key: doc._id,
    userId: doc.userId,
    orgId: doc.orgId,
    expiresAt: doc.expiresAt,
    staff: doc.staff === true,
    startedAt: doc.startedAt,
  };
}
