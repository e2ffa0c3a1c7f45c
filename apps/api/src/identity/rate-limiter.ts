import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RUNTIME, type Runtime } from '../runtime/runtime';

/**
 * Fixed-window counter of failed attempts (sign-in per account and per address, password checks, mails
 * per address). Redis when configured, so every api node shares the count; in process otherwise. One
 * instance for the process (CoreModule): callers name their keys apart, and the same key (a user's wrong
 * current passwords, whichever form asked) is one count with either adapter.
 */
@Injectable()
export class RateLimiter {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  private readonly redis: Redis | null;
  private readonly now: () => number;
  /** BULLMQ_PREFIX: keeps installs, and test runs, sharing one Redis from sharing counts. */
  private readonly namespace: string;

  constructor(@Inject(RUNTIME) runtime: Runtime) {
    this.redis = runtime.infra.redis;
    this.now = () => runtime.clock.now();
    this.namespace = runtime.config.BULLMQ_PREFIX;
  }

  private redisKey(key: string): string {
    return `${this.namespace}:ratelimit:${key}`;
  }

  /** Seconds to wait when `key` already failed `limit` times in its window, else 0. */
  async blockedFor(key: string, limit: number): Promise<number> {
    if (this.redis) {
      const redisKey = this.redisKey(key);
      const [[, count], [, ttl]] = (await this.redis.multi().get(redisKey).ttl(redisKey).exec()) as [[null, string | null], [null, number]];
      return Number(count ?? 0) >= limit ? Math.max(ttl, 1) : 0;
    }
    const entry = this.counts.get(key);
    const now = this.now();
    return entry && entry.resetAt > now && entry.count >= limit ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  async fail(key: string, windowSeconds: number): Promise<void> {
    if (this.redis) {
      const redisKey = this.redisKey(key);
      const [[, count]] = (await this.redis.multi().incr(redisKey).exec()) as [[null, number]];
      if (count === 1) await this.redis.expire(redisKey, windowSeconds);
      return;
    }
    const now = this.now();
    const entry = this.counts.get(key);
    const current = entry && entry.resetAt > now ? entry : { count: 0, resetAt: now + windowSeconds * 1000 };
    current.count += 1;
    this.counts.set(key, current);
  }

  async reset(key: string): Promise<void> {
    if (this.redis) await this.redis.del(this.redisKey(key));
    else this.counts.delete(key);
  }
}
