import { ANSWER_TTL_MS, IN_FLIGHT_TTL_MS, MemoryIdempotencyStore } from './idempotency.store';
import { canonicalHash } from './request-fingerprint';

describe('MemoryIdempotencyStore: one process, expiring and bounded', () => {
  let now = 0;
  const clock = () => now;
  const answer = { status: 201, body: { data: { id: 'a' } } };

  beforeEach(() => {
    now = 1_000_000;
  });

  it('replays the first answer to the same request, refuses another, and forgets after 24 hours', async () => {
    const store = new MemoryIdempotencyStore(clock);
    const claim = await store.claim('k', 'POST /teams x');
    if (claim.kind !== 'claimed') throw new Error(claim.kind);
    expect(await store.claim('k', 'POST /teams x')).toEqual({ kind: 'in_flight' });
    await store.complete('k', 'POST /teams x', claim.token, answer);
    expect(await store.claim('k', 'POST /teams x')).toEqual({ kind: 'replay', answer });
    expect(await store.claim('k', 'POST /teams y')).toEqual({ kind: 'reused' });
    now += ANSWER_TTL_MS;
    expect((await store.claim('k', 'POST /teams y')).kind).toBe('claimed');
  });

  it('frees a key whose request failed, or whose process never finished it', async () => {
    const store = new MemoryIdempotencyStore(clock);
    const failed = await store.claim('k', 'f');
    if (failed.kind !== 'claimed') throw new Error(failed.kind);
    await store.release('k', failed.token);
    const crashed = await store.claim('k', 'f');
    expect(crashed.kind).toBe('claimed');
    now += IN_FLIGHT_TTL_MS;
    const retried = await store.claim('k', 'f');
    if (retried.kind !== 'claimed' || crashed.kind !== 'claimed') throw new Error('not claimed');
    // the late first request neither frees nor overwrites the retry's claim
    await store.release('k', crashed.token);
    await store.complete('k', 'f', crashed.token, answer);
    expect(await store.claim('k', 'f')).toEqual({ kind: 'in_flight' });
  });

  it('keeps at most its bound of keys, dropping the oldest, so a flood of keys cannot exhaust memory', async () => {
    const store = new MemoryIdempotencyStore(clock, 3);
    for (const key of ['a', 'b', 'c', 'd']) await store.claim(key, 'f');
    expect((await store.claim('a', 'f')).kind).toBe('claimed');
    expect(await store.claim('d', 'f')).toEqual({ kind: 'in_flight' });
  });
});

describe('canonicalHash: the body part of a request fingerprint', () => {
  it('is the same for the same body in another key order, and differs for another body', () => {
    expect(canonicalHash({ a: 1, b: [1, { c: null, d: 'x' }] })).toBe(
      canonicalHash({ b: [1, { d: 'x', c: null }], a: 1 }),
    );
    expect(canonicalHash({ a: 1 })).not.toBe(canonicalHash({ a: '1' }));
    expect(canonicalHash([1, 2])).not.toBe(canonicalHash([[1], 2]));
    expect(canonicalHash({ 'a,b': 1 })).not.toBe(canonicalHash({ a: 1, b: 1 }));
    expect(canonicalHash(undefined)).not.toBe(canonicalHash(null));
  });

  it('hashes a body nested 100,000 levels deep (which JSON.parse accepts) without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(canonicalHash(deep)).toMatch(/^[0-9a-f]{64}$/);
  });
});
