import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { CLOCK, CONFIG, REDIS, type AppConfig, type Clock, type RedisConnection } from '../runtime/ports';
import { ClockedCounts } from './clocked-counts';

/** At most `attempts` in a fixed window of `windowSeconds`. */
export interface Limit {
  attempts: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters of attempts (sign-in per account, per address and per known device, password
 * checks, mails per address). Every attempt is counted before it is checked (consume first), so of any
 * number of parallel attempts at most `attempts` go ahead: the count is one atomic increment, in Redis
 * (rate-limiter-flexible's script) when configured so every api node shares it, in process otherwise.
 * One instance for the process (CoreModule): callers name their keys apart.
 *
 * In process the windows follow the runtime's clock (tests move it), which rate-limiter-flexible's
 * memory limiter cannot: it reads Date.now().
 */
@Injectable()
export class RateLimiter {
  private readonly local: ClockedCounts;
  private readonly remote = new Map<string, RateLimiterRedis>();

  constructor(
    @Inject(CLOCK) clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: RedisConnection,
  ) {
    this.local = new ClockedCounts(() => clock.now());
  }

  /** One limiter per limit; the same key prefix, so a key is one count whichever limit reads it. */
  private redisLimiter(limit: Limit): RateLimiterRedis {
    const name = `${limit.attempts}/${limit.windowSeconds}`;
    let limiter = this.remote.get(name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        // BULLMQ_PREFIX keeps installs, and test runs, sharing one Redis from sharing counts.
        keyPrefix: `${this.config.BULLMQ_PREFIX}:ratelimit`,
        points: limit.attempts,
        duration: limit.windowSeconds,
      });
      this.remote.set(name, limiter);
    }
    return limiter;
  }

  /** Counts one attempt at `key`, then answers the seconds to wait when it is one too many, else 0 (go ahead). */
  async consume(key: string, limit: Limit): Promise<number> {
    if (!this.redis) return this.local.consume(key, limit.attempts, limit.windowSeconds);
    try {
      await this.redisLimiter(limit).consume(key);
      return 0;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      throw refusal;
    }
  }

  /** Gives back one counted attempt that should not count (it succeeded, or was refused for another reason). */
  async refund(key: string, limit: Limit): Promise<void> {
    if (!this.redis) return this.local.refund(key);
    await this.redisLimiter(limit).reward(key, 1);
  }

  async reset(key: string, limit: Limit): Promise<void> {
    if (!this.redis) return this.local.reset(key);
    await this.redisLimiter(limit).delete(key);
  }
}
