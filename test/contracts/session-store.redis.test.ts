import { randomUUID } from 'node:crypto';
import { RedisSessionStore } from '@tocsin/platform';
import Redis from 'ioredis';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';
import { HOUR, useSessionStore } from './session-store-fixtures';
import { sessionStoreContract } from './session-store.contract';

// one namespace per run, so parallel runs and leftovers never meet
const prefix = `tocsin-test-${randomUUID().slice(0, 8)}:session:`;

describeWhen(
  redisReachable(),
  'Redis session store',
  `Redis is not reachable at ${REDIS_URL}`,
  () => {
    let redis: Redis;
    beforeAll(() => {
      redis = new Redis(REDIS_URL);
    });
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      expect(await redis.keys(`${prefix}*`)).toEqual([]);
      await redis.quit();
    });

    const open = async (clock: { now(): number }) => ({
      store: new RedisSessionStore(redis, { now: () => clock.now(), prefix }),
      close: async () => undefined,
    });
    sessionStoreContract('RedisSessionStore', open);

    describe('keys and lifetimes', () => {
      const the = useSessionStore(open);

      it('keys a session by its hash, lets Redis forget it after its lifetime, and indexes it under its user', async () => {
        const { start, newSession } = the();
        const session = newSession({}, 14 * 24);
        await start(session);
        const ttl = await redis.pttl(`${prefix}s:${session.key}`);
        expect(ttl).toBeGreaterThan(14 * 24 * HOUR - 60_000);
        expect(ttl).toBeLessThanOrEqual(14 * 24 * HOUR);
        expect(await redis.zrange(`${prefix}u:${session.userId}`, '0', '-1')).toEqual([session.key]);
        expect(await redis.pttl(`${prefix}u:${session.userId}`)).toBeGreaterThan(14 * 24 * HOUR - 60_000);
      });

      it("keeps the user's index as long as their longest session", async () => {
        const { start, newSession } = the();
        const long = newSession({}, 24);
        await start(long);
        await start(newSession({ userId: long.userId, staff: true }, 8));
        expect(await redis.pttl(`${prefix}u:${long.userId}`)).toBeGreaterThan(23 * HOUR);
      });

      it('removes the session key and its index entry together', async () => {
        const { store, start, newSession } = the();
        const session = newSession();
        await start(session);
        await store.remove(session.key, null);
        expect(await redis.exists(`${prefix}s:${session.key}`)).toBe(0);
        expect(await redis.zrange(`${prefix}u:${session.userId}`, '0', '-1')).toEqual([]);
      });

      it('stores nothing for a session already expired, and does not revive a removed one on switch', async () => {
        const { store, newSession, clock } = the();
        const expired = newSession({ expiresAt: new Date(clock.now()).toISOString() });
        await store.save(expired, null);
        expect(await redis.exists(`${prefix}s:${expired.key}`, `${prefix}u:${expired.userId}`)).toBe(0);
        await store.switchOrganization(expired.key, 'org-2', null);
        expect(await redis.exists(`${prefix}s:${expired.key}`)).toBe(0);
      });
    });
  },
  /* requiredInCi */ true,
);
