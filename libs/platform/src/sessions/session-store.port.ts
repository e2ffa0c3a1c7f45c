/** A signed-in session as the stores keep it. `key` is the SHA-256 of the cookie's secret, never the secret. */
export interface StoredSession {
  key: string;
  userId: string;
  orgId: string;
  /** ISO-8601; the session is gone for good at this instant. */
  expiresAt: string;
  staff: boolean;
  /** ISO-8601. */
  startedAt: string;
}

/**
 * Where the server looks a session cookie up. Every change to a session is also an event in the log
 * (SessionStarted, SessionOrganizationSwitched, SessionEnded: the audit trail); `recorded` is the log
 * position of that event. Two adapters: the sessions read model built from those events (embedded: the
 * store waits until the model holds the change) and Redis (production: written directly, with a TTL of
 * the session's lifetime and an index per user).
 */
export interface SessionStore {
  readonly kind: 'read-model' | 'redis';
  save(session: StoredSession, recorded: number | null): Promise<void>;
  switchOrganization(key: string, orgId: string, recorded: number | null): Promise<void>;
  remove(key: string, recorded: number | null): Promise<void>;
  /** The session, unless unknown, removed or expired. */
  find(key: string): Promise<StoredSession | null>;
  /** The user's unexpired sessions, in every organization (sign-out everywhere, password change). */
  ofUser(userId: string): Promise<StoredSession[]>;
}

export const isLive = (session: StoredSession, now: number) => Date.parse(session.expiresAt) > now;
