import type Redis from 'ioredis';
import { isLive, type SessionStore, type StoredSession } from './session-store.port';

/** Changes the organization of a session that still exists, keeping its TTL (a missing key stays missing). */
const SWITCH_IF_PRESENT =
  "if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('HSET', KEYS[1], 'orgId', ARGV[1]) end return -1";

export interface RedisSessionStoreOptions {
  now(): number;
  /** Namespace of every key (tests use one per run). */
  prefix?: string;
}

/**
 * Production adapter: one hash per session under `{prefix}s:{key}` whose TTL is the session's lifetime,
 * and per user a sorted set `{prefix}u:{userId}` of their session keys scored by expiry, so every
 * session of a user can be found and revoked. Expiry is judged by the injected clock as well, so a
 * session ends at its `expiresAt` whatever the clock says; the TTL only makes Redis forget it.
 */
export class RedisSessionStore implements SessionStore {
  readonly kind = 'redis';
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisSessionStoreOptions,
  ) {
    this.prefix = options.prefix ?? 'tocsin:session:';
  }

  private sessionKey(key: string) {
    return `${this.prefix}s:${key}`;
  }

  private userKey(userId: string) {
    return `${this.prefix}u:${userId}`;
  }

  async save(session: StoredSession): Promise<void> {
    const expiresAt = Date.parse(session.expiresAt);
    const lifetime = expiresAt - this.options.now();
    if (!(lifetime > 0)) return;
    const index = this.userKey(session.userId);
    await this.redis
      .multi()
      .hset(this.sessionKey(session.key), {
        userId: session.userId,
        orgId: session.orgId,
        expiresAt: session.expiresAt,
        staff: session.staff ? '1' : '0',
        startedAt: session.startedAt,
      })
      .pexpire(this.sessionKey(session.key), lifetime)
      .zadd(index, expiresAt, session.key)
      // the index lives as long as the user's longest session
      .pexpire(index, lifetime, 'NX')
      .pexpire(index, lifetime, 'GT')
      .exec()
      .then(failed);
  }

  async switchOrganization(key: string, orgId: string): Promise<void> {
    await this.redis.eval(SWITCH_IF_PRESENT, 1, this.sessionKey(key), orgId);
  }

  async remove(key: string): Promise<void> {
    const userId = await this.redis.hget(this.sessionKey(key), 'userId');
    const removal = this.redis.multi().del(this.sessionKey(key));
    if (userId) removal.zrem(this.userKey(userId), key);
    await removal.exec().then(failed);
  }

  async find(key: string): Promise<StoredSession | null> {
    const fields = await this.redis.hgetall(this.sessionKey(key));
    const session = toSession(key, fields);
    return session && isLive(session, this.options.now()) ? session : null;
  }

  async ofUser(userId: string): Promise<StoredSession[]> {
    const index = this.userKey(userId);
    const now = this.options.now();
    await this.redis.zremrangebyscore(index, '-inf', String(now));
    const keys = await this.redis.zrange(index, '0', '-1');
    if (keys.length === 0) return [];
    const read = this.redis.pipeline();
    for (const key of keys) read.hgetall(this.sessionKey(key));
    const results = (await read.exec()) ?? [];
    return keys
      .map((key, i) => toSession(key, (results[i]?.[1] ?? {}) as Record<string, string>))
      .filter((s): s is StoredSession => s !== null && isLive(s, now))
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  }
}

function toSession(key: string, fields: Record<string, string>): StoredSession | null {
  if (!fields.userId) return null;
  return {
    key,
    userId: fields.userId,
    orgId: fields.orgId,
    expiresAt: fields.expiresAt,
    staff: fields.staff === '1',
    startedAt: fields.startedAt,
  };
}

/** MULTI answers per command; a failed one must not pass silently. */
function failed(results: Array<[Error | null, unknown]> | null): void {
  const error = results?.find(([e]) => e)?.[0];
  if (error) throw error;
}
