import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { CONFIG, REDIS, type AppConfig, type RedisConnection } from '../../runtime/ports';

export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number; firstRefusal: boolean };

/** What `unauthenticatedRead` took from an address's minute; null when nothing was (its count unreachable). */
export interface AddressCharge {
  address: string;
  /** When the minute it was taken from ends, by the count's clock (rate-limiter-flexible's: Date.now). */
  minuteEndsAt: number;
}

export type ReadVerdict = { ok: true; charge: AddressCharge | null } | Extract<RateVerdict, { ok: false }>;

/**
 * A charge is given back only this long before its minute ends at the latest: a reward landing after the end
 * would open the next minute below zero, giving that minute more than its budget.
 */
const GIVE_BACK_MARGIN_MS = 1000;

/**
 * Ingest requests naming no source, per client address in a minute. Tokens are 128 random bits, so this is
 * not what keeps them secret; it turns away a guesser or a scanner cheaply, while a tool left with an old URL
 * after a rotation (a retry every few seconds) stays well under it. Beyond it only unknown tokens are refused:
 * a request naming a source meets that source's limit alone (ARCHITECTURE.md "Security rules").
 */
export const UNKNOWN_TOKENS_PER_MINUTE = 60;

/**
 * Each event source's limit in alerts a minute (issue 9): counted before it is checked, in Redis with
 * REDIS_URL (every api node shares the count, like the request limits), in process otherwise. Refusals are
 * counted too, over the last hour, for the source page. Redis unreachable lets alerts through: an alert
 * refused for want of a counter would be a page lost.
 */
@Injectable()
export class SourceRates {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private readonly refusals: RateLimiterAbstract;
  private readonly unknownTokens: RateLimiterAbstract;
  private readonly unreadBodies: RateLimiterAbstract;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: RedisConnection,
  ) {
    this.refusals = this.limiter(Number.MAX_SAFE_INTEGER, 3600, 'refused');
    this.unknownTokens = this.limiter(UNKNOWN_TOKENS_PER_MINUTE, 60, 'unknown');
    this.unreadBodies = this.limiter(config.RATE_LIMIT_PER_MINUTE, 60, 'unread');
  }

  /**
   * Whether a signed source's refusal before its signature held (nothing counted yet) may leave a log entry:
   * as many a minute as the source takes alerts, so a flood of unsigned junk cannot grow the log without bound.
   */
  async mayLogUnsigned(sourceId: string, perMinute: number): Promise<boolean> {
    return (await this.take(this.counter(perMinute, 'unsigned'), sourceId)).ok;
  }

  /**
   * Counts one request from `address` whose sender is not known until its body is inflated and read:
   * PagerDuty's URL without a token (`routing_key` in the body) and a signed source's URL (the signature
   * covers the body). The API's per-address limit applies (its own count): unauthenticated work is counted
   * before it is done. A request that then proves its sender, and that its source's limit takes, gives its
   * count back (`provenRead`), so only junk (and what a source's limit refuses) spends an address's minute: a
   * SaaS or a NAT sending for many organizations is never refused for its genuine requests, which count
   * against their sources' own limits.
   */
  async unauthenticatedRead(address: string): Promise<ReadVerdict> {
    const verdict = await this.take(this.unreadBodies, address);
    if (!verdict.ok) return verdict;
    const { minuteEndsAt } = verdict;
    return { ok: true, charge: minuteEndsAt === null ? null : { address, minuteEndsAt } };
  }

  /**
   * Gives back what `unauthenticatedRead` took: the request named a source, proved it (token, signature) and its
   * source's limit took it. Within the minute it was taken from only: a later minute is a count of its own.
   */
  async provenRead(charge: AddressCharge | null): Promise<void> {
    if (!charge || Date.now() >= charge.minuteEndsAt - GIVE_BACK_MARGIN_MS) return;
    await this.unreadBodies.reward(charge.address, 1).catch(() => undefined);
  }

  /** Counts one request from `address` naming no source. */
  async unknownToken(address: string): Promise<RateVerdict> {
    return this.take(this.unknownTokens, address);
  }

  /** On success, when the minute it counted in ends (null: the count is unreachable, nothing was taken). */
  private async take(
    limiter: RateLimiterAbstract,
    key: string,
  ): Promise<{ ok: true; minuteEndsAt: number | null } | Extract<RateVerdict, { ok: false }>> {
    try {
      const taken = await limiter.consume(key, 1);
      return { ok: true, minuteEndsAt: Date.now() + taken.msBeforeNext };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) return { ok: true, minuteEndsAt: null };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)), firstRefusal: false };
    }
  }

  /** Counts `points` alerts for `sourceId` against its limit of `perMinute`. */
  async consume(sourceId: string, perMinute: number, points = 1): Promise<RateVerdict> {
    try {
      await this.counter(perMinute).consume(sourceId, points);
      return { ok: true };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) return { ok: true };
      await this.refusals.penalty(sourceId, 1).catch(() => undefined);
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)),
        // the request that first went over, alone of the minute, leaves a log entry: a flood leaves one line
        firstRefusal: refusal.consumedPoints - points <= perMinute,
      };
    }
  }

  async of(sourceId: string, perMinute: number): Promise<{ current: number; refusedLastHour: number }> {
    const [count, refused] = await Promise.all([
      this.counter(perMinute)
        .get(sourceId)
        .catch(() => null),
      this.refusals.get(sourceId).catch(() => null),
    ]);
    return { current: count?.consumedPoints ?? 0, refusedLastHour: refused?.consumedPoints ?? 0 };
  }

  /** One limiter per limit value; they share their keys, so changing a source's limit keeps its count. */
  private counter(perMinute: number, kind = 'alerts'): RateLimiterAbstract {
    let limiter = this.limiters.get(`${kind}:${perMinute}`);
    if (!limiter) this.limiters.set(`${kind}:${perMinute}`, (limiter = this.limiter(perMinute, 60, kind)));
    return limiter;
  }

  private limiter(points: number, duration: number, kind: string): RateLimiterAbstract {
    const options = { points, duration, keyPrefix: `${this.config.BULLMQ_PREFIX}:ratelimit:ingest:${kind}` };
    return this.redis ? new RateLimiterRedis({ ...options, storeClient: this.redis }) : new RateLimiterMemory(options);
  }
}
