import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sessionStream, type SessionEvent } from '@tocsin/domain';
import {
  ManualClock,
  SqliteEventStore,
  type EventStore,
  type SessionStore,
  type StoredSession,
} from '@tocsin/platform';

export const HOUR = 3_600_000;

/** A session key as the api makes it: the SHA-256 of a random cookie secret. */
export const newSessionKey = () => createHash('sha256').update(randomBytes(32)).digest('hex');

export interface SessionStoreFixture {
  clock: ManualClock;
  store: SessionStore;
  /** Appends a session event to the log, as the api does before it touches the store; returns its position. */
  record(event: SessionEvent): Promise<number>;
  /** A session for a user no other test uses, starting now and lasting `hours`. */
  newSession(overrides?: Partial<StoredSession>, hours?: number): StoredSession;
  /** Records SessionStarted and saves the session. */
  start(session: StoredSession): Promise<void>;
}

export type OpenSessionStore = (
  clock: ManualClock,
  log: EventStore,
) => Promise<{ store: SessionStore; close(): Promise<void> }>;

/** A fresh log (SQLite in a temp dir), clock and store per test. */
export function useSessionStore(open: OpenSessionStore): () => SessionStoreFixture {
  let fixture: SessionStoreFixture;
  let teardown: () => Promise<void>;

  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tocsin-sessions-'));
    const log = SqliteEventStore.open({ file: join(dir, 'events.db'), pollIntervalMs: 10 });
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 9));
    const { store, close } = await open(clock, log);
    teardown = async () => {
      await close();
      await log.close();
      rmSync(dir, { recursive: true, force: true });
    };
    const record = async (event: SessionEvent) => {
      const commandId = randomUUID();
      const metadata = {
        orgId: 'org-1',
        actorId: null,
        commandId,
        correlationId: commandId,
        causationId: commandId,
        occurredAt: new Date(clock.now()).toISOString(),
        schemaVersion: 1,
      };
      return (
        await log.append(
          sessionStream(event.data.sessionKey),
          [{ id: commandId, type: event.type, data: event.data, metadata }],
          'any',
        )
      ).position;
    };
    fixture = {
      clock,
      store,
      record,
      newSession: (overrides = {}, hours = 14 * 24) => ({
        key: newSessionKey(),
        userId: `user-${randomUUID()}`,
        orgId: 'org-1',
        expiresAt: new Date(clock.now() + hours * HOUR).toISOString(),
        staff: false,
        startedAt: new Date(clock.now()).toISOString(),
        ...overrides,
      }),
      async start(session) {
        const { key: sessionKey, userId, orgId: organizationId, expiresAt, staff } = session;
        await store.save(
          session,
          await record({ type: 'SessionStarted', data: { sessionKey, userId, organizationId, expiresAt, staff } }),
        );
      },
    };
  });
  afterEach(() => teardown());

  return () => fixture;
}
