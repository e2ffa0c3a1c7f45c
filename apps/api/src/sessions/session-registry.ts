import { Inject, Injectable } from '@nestjs/common';
import { sessionsView } from '@tocsin/read-models';
import { ReadModelSessionStore, RedisSessionStore, type SessionStore, type StoredSession } from '@tocsin/platform';
import type { SessionEndReason } from '@tocsin/domain';
import { Subject } from 'rxjs';
import { sessionCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { CLOCK, type Clock, type ReadStore, type RedisConnection } from '../runtime/ports';
import { ProjectionProgress } from '../shared/projection-progress';
import type { RequestContext } from '../shared/request-context';

export const SESSION_STORE = Symbol('SESSION_STORE');

/**
 * What happened to a session, for those holding something opened under it (the socket gateway): an
 * ended session's sockets disconnect, a switched one's sockets move to the new organization's room.
 */
export type SessionChange =
  { kind: 'ended'; key: string } | { kind: 'switched'; key: string; from: string; to: string };

/** Redis when REDIS_URL is set (every api node shares the sessions), the sessions read model otherwise. */
export function sessionStoreFor(
  clock: Clock,
  redis: RedisConnection,
  readStore: ReadStore,
  progress: ProjectionProgress,
): SessionStore {
  const now = () => clock.now();
  if (redis) return new RedisSessionStore(redis, { now });
  return new ReadModelSessionStore(readStore, {
    now,
    collection: sessionsView.collection,
    caughtUp: async (position) => void (await progress.waitFor(sessionsView.name, position)),
  });
}

/**
 * Every change to a session goes to the log first (the audit trail: who signed in, where, and why a
 * session ended), then to the session store the middleware reads.
 */
@Injectable()
export class SessionRegistry {
  /** Every switch and end, after the store holds it. */
  readonly changes = new Subject<SessionChange>();

  constructor(
    @Inject(SESSION_STORE) private readonly store: SessionStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly commands: Commands,
  ) {}

  get kind(): SessionStore['kind'] {
    return this.store.kind;
  }

  find(key: string): Promise<StoredSession | null> {
    return this.store.find(key);
  }

  ofUser(userId: string): Promise<StoredSession[]> {
    return this.store.ofUser(userId);
  }

  async start(session: Omit<StoredSession, 'startedAt'>, context: RequestContext): Promise<void> {
    const { key, userId, orgId, expiresAt, staff } = session;
    const { position } = await this.commands.run(
      sessionCommand(
        { type: 'StartSession', sessionKey: key, userId, organizationId: orgId, expiresAt, staff },
        context,
      ),
    );
    await this.store.save({ ...session, startedAt: new Date(this.clock.now()).toISOString() }, position);
  }

  async switchOrganization(key: string, orgId: string, isMember: boolean, context: RequestContext): Promise<void> {
    const before = await this.store.find(key);
    const { position } = await this.commands.run(
      sessionCommand({ type: 'SwitchOrganization', sessionKey: key, organizationId: orgId, isMember }, context),
    );
    await this.store.switchOrganization(key, orgId, position);
    if (before) this.changes.next({ kind: 'switched', key, from: before.orgId, to: orgId });
  }

  async end(key: string, reason: SessionEndReason, context: RequestContext): Promise<void> {
    const { position } = await this.commands.run(
      sessionCommand({ type: 'EndSession', sessionKey: key, reason }, context),
    );
    await this.store.remove(key, position);
    this.changes.next({ kind: 'ended', key });
  }

  /** Ends several sessions under one request: each command id is derived, so a retried request ends nothing twice. */
  async endAll(sessions: readonly StoredSession[], reason: SessionEndReason, context: RequestContext): Promise<void> {
    for (const session of sessions) {
      await this.end(session.key, reason, { ...context, commandId: `${context.commandId}/session/${session.key}` });
    }
  }
}
