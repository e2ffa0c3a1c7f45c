import Redis from 'ioredis';
import { SeenSignatures } from './seen-signatures';
import type { AppConfig, RedisConnection } from '../../runtime/ports';

const config = { SIGNATURE_MEMORY_PER_SENDER: 100, BULLMQ_PREFIX: `seen-spec-${process.pid}` } as AppConfig;

describe('SeenSignatures with Redis unreachable', () => {
  // a real client to a port nothing listens on, failing at once rather than queueing commands
  const redis = new Redis('redis://127.0.0.1:1', {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  afterAll(() => redis.disconnect());
  const seen = new SeenSignatures(config, redis as unknown as RedisConnection);
  const now = 1_800_000_000_000;

  it('answers from the process memory: the first is taken, the same signature again is a replay', async () => {
    expect(await seen.claim('source-1', 'digest-a', now + 300_000, now)).toEqual({ kind: 'first' });
    expect(await seen.claim('source-1', 'digest-a', now + 300_000, now + 1000)).toEqual({ kind: 'replayed' });
    expect(await seen.claim('source-2', 'digest-a', now + 300_000, now)).toEqual({ kind: 'first' });
  });

  it('gives a claim back, so the sender may send the payload again', async () => {
    expect(await seen.claim('source-3', 'digest-b', now + 300_000, now)).toEqual({ kind: 'first' });
    await seen.release('source-3', 'digest-b');
    expect(await seen.claim('source-3', 'digest-b', now + 300_000, now)).toEqual({ kind: 'first' });
  });
});
