import type { SessionStore, StoredSession } from '@tocsin/platform';
import { HOUR, newSessionKey, useSessionStore, type OpenSessionStore } from './session-store-fixtures';

/** What every session store adapter must do. Time is a ManualClock; each test has its own users. */
export function sessionStoreContract(name: string, open: OpenSessionStore): void {
  describe(name, () => {
    const the = useSessionStore(open);

    const end = async (store: SessionStore, session: StoredSession, record: ReturnType<typeof the>['record']) =>
      store.remove(
        session.key,
        await record({ type: 'SessionEnded', data: { sessionKey: session.key, reason: 'signed_out' } }),
      );

    it('finds a saved session by its key, and nothing for an unknown key', async () => {
      const { store, start, newSession } = the();
      const session = newSession({ staff: true });
      await start(session);
      expect(await store.find(session.key)).toEqual(session);
      expect(await store.find(newSessionKey())).toBeNull();
    });

    it('moves a session to another organization and keeps the rest', async () => {
      const { store, start, newSession, record } = the();
      const session = newSession();
      await start(session);
      await store.switchOrganization(
        session.key,
        'org-2',
        await record({
          type: 'SessionOrganizationSwitched',
          data: { sessionKey: session.key, organizationId: 'org-2' },
        }),
      );
      expect(await store.find(session.key)).toEqual({ ...session, orgId: 'org-2' });
    });

    it('forgets a removed session, and removing it again changes nothing', async () => {
      const { store, start, newSession, record } = the();
      const session = newSession();
      const other = newSession({ userId: session.userId });
      await start(session);
      await start(other);
      await end(store, session, record);
      expect(await store.find(session.key)).toBeNull();
      expect(await store.ofUser(session.userId)).toEqual([other]);
      await store.remove(session.key, null);
      expect(await store.ofUser(session.userId)).toEqual([other]);
    });

    it("lists every live session of a user in every organization, oldest first, and no one else's", async () => {
      const { store, start, newSession, clock } = the();
      const first = newSession();
      await start(first);
      await clock.advance(60_000);
      const second = newSession({ userId: first.userId, orgId: 'org-2' });
      await start(second);
      await start(newSession());
      expect(await store.ofUser(first.userId)).toEqual([first, second]);
      expect(await store.ofUser('user-without-sessions')).toEqual([]);
    });

    it('treats a session as gone from the instant it expires', async () => {
      const { store, start, newSession, clock } = the();
      const short = newSession({}, 8);
      const long = newSession({ userId: short.userId }, 24);
      await start(short);
      await start(long);
      await clock.advance(8 * HOUR - 1);
      expect(await store.find(short.key)).toEqual(short);
      await clock.advance(1);
      expect(await store.find(short.key)).toBeNull();
      expect(await store.ofUser(short.userId)).toEqual([long]);
    });
  });
}
