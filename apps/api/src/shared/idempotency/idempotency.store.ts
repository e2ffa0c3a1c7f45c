import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

/** The first answer to a request: replayed as it was to every repeat of it. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

interface Entry {
  fingerprint: string;
  /** Set while the first request runs, so only that request completes or releases the entry. */
  token?: string;
  answer?: StoredAnswer;
}

export type Claim =
  | { kind: 'claimed'; token: string }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'reused' }
  | { kind: 'in_flight' };

/** Stripe keeps keys 24 hours: long enough for any client's retries, short enough to forget. */
export const ANSWER_TTL_MS = 24 * 3600_000;
/** A request still running after this long has crashed with its process: the key may be used again. */
export const IN_FLIGHT_TTL_MS = 120_000;

/** Per scoped key: the fingerprint of the first request and, once it succeeded, its answer. */
export interface IdempotencyStore {
  /** Takes the key for a request with this fingerprint, or says why not (an answer to replay, another request). */
  claim(scope: string, fingerprint: string): Promise<Claim>;
  complete(scope: string, fingerprint: string, token: string, answer: StoredAnswer): Promise<void>;
  /** Frees the key after a failure, so a corrected or later retry runs (and is checked) afresh. */
  release(scope: string, token: string): Promise<void>;
}

function judge(entry: Entry, fingerprint: string): Claim {
  if (entry.fingerprint !== fingerprint) return { kind: 'reused' };
  return entry.answer ? { kind: 'replay', answer: entry.answer } : { kind: 'in_flight' };
}

/** Shared by every api node; under BULLMQ_PREFIX so installs (and test runs) sharing a Redis stay apart. */
export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
  ) {}

  private key(scope: string): string {
    return `${this.namespace}:idempotency:${scope}`;
  }

  async claim(scope: string, fingerprint: string): Promise<Claim> {
    const token = randomUUID();
    // the entry may expire between SET NX and GET: then try again
    for (let attempt = 0; attempt < 3; attempt++) {
      const taken = await this.redis.set(
        this.key(scope),
        JSON.stringify({ fingerprint, token } satisfies Entry),
        'PX',
        IN_FLIGHT_TTL_MS,
        'NX',
      );
      if (taken === 'OK') return { kind: 'claimed', token };
      const raw = await this.redis.get(this.key(scope));
      if (raw) return judge(JSON.parse(raw) as Entry, fingerprint);
    }
    return { kind: 'in_flight' };
  }

  async complete(scope: string, fingerprint: string, token: string, answer: StoredAnswer): Promise<void> {
    await this.redis.eval(
      // only the request holding the key (or nobody, after its in-flight mark expired) stores its answer
      `local raw = redis.call('GET', KEYS[1])
       if raw and cjson.decode(raw).token ~= ARGV[1] then return 0 end
       redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
       return 1`,
      1,
      this.key(scope),
      token,
      JSON.stringify({ fingerprint, answer } satisfies Entry),
      ANSWER_TTL_MS,
    );
  }

  async release(scope: string, token: string): Promise<void> {
    await this.redis.eval(
      `local raw = redis.call('GET', KEYS[1])
       if raw and cjson.decode(raw).token == ARGV[1] then redis.call('DEL', KEYS[1]) end
       return 0`,
      1,
      this.key(scope),
      token,
    );
  }
}

/** One process's keys: expiring, and bounded so a flood of keys cannot exhaust memory (oldest go first). */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry & { expiresAt: number }>();

  constructor(
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  private live(scope: string): (Entry & { expiresAt: number }) | undefined {
    const entry = this.entries.get(scope);
    if (entry && entry.expiresAt <= this.now()) this.entries.delete(scope);
    return entry && entry.expiresAt > this.now() ? entry : undefined;
  }

  private put(scope: string, entry: Entry, ttlMs: number): void {
    this.entries.delete(scope);
    this.entries.set(scope, { ...entry, expiresAt: this.now() + ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  async claim(scope: string, fingerprint: string): Promise<Claim> {
    const entry = this.live(scope);
    if (entry) return judge(entry, fingerprint);
    const token = randomUUID();
    this.put(scope, { fingerprint, token }, IN_FLIGHT_TTL_MS);
    return { kind: 'claimed', token };
  }

  async complete(scope: string, fingerprint: string, token: string, answer: StoredAnswer): Promise<void> {
    const entry = this.live(scope);
    if (!entry || entry.token === token) this.put(scope, { fingerprint, answer }, ANSWER_TTL_MS);
  }

  async release(scope: string, token: string): Promise<void> {
    if (this.live(scope)?.token === token) this.entries.delete(scope);
  }
}
