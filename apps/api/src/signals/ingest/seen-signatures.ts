import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, REDIS, type AppConfig, type RedisConnection } from '../../runtime/ports';

/** How often, at most, this process drops the expired signatures of every sender (senders gone quiet included). */
const SWEEP_EVERY_MS = 60_000;

export type SignatureClaim =
  | { kind: 'first' }
  | { kind: 'replayed' }
  /** The sender has SIGNATURE_MEMORY_PER_SENDER signatures still in their window: none is forgotten early. */
  | { kind: 'full'; retryAfterSeconds: number };

/** One sender's signatures: digest -> when its timestamp stops being accepted; `earliest` is the least of them. */
interface SenderMemory {
  until: Map<string, number>;
  earliest: number;
}

/**
 * Signed inputs seen lately (ARCHITECTURE.md "Security rules": a signature seen inside its window is refused the
 * second time): signed ingest payloads, and SMS replies signed by the gateway. Each is kept until its timestamp
 * could no longer be accepted, so a replay is refused for as long as it could otherwise succeed. With REDIS_URL
 * every api process shares them (SET NX with that expiry); otherwise this process keeps them by sender, at most
 * SIGNATURE_MEMORY_PER_SENDER each: a sender beyond it waits for its oldest to expire (429), and nobody else does.
 * Redis unreachable, this process's own memory answers instead (as the source limits let alerts through then): a
 * signed alert refused for want of the shared memory would be a page lost, and a replay to this process is still
 * refused; one sent to another api process during the outage is not.
 */
@Injectable()
export class SeenSignatures {
  private readonly local = new Map<string, SenderMemory>();
  private lastSweep = 0;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: RedisConnection,
  ) {}

  /**
   * Claims `digest` for `sender` (an event source's id, `sms:<number>`): `first` the first time within the window,
   * `replayed` after. `untilMs`: when the signature's timestamp stops being accepted.
   */
  async claim(sender: string, digest: string, untilMs: number, nowMs: number): Promise<SignatureClaim> {
    const lifetimeMs = Math.max(1, Math.ceil(untilMs - nowMs));
    if (this.redis) {
      const set = await this.redis
        .set(this.keyOf(sender, digest), '1', 'PX', lifetimeMs, 'NX')
        .catch(() => 'unreachable' as const);
      if (set !== 'unreachable') return set === 'OK' ? { kind: 'first' } : { kind: 'replayed' };
    }
    this.sweepAll(nowMs);
    let memory = this.local.get(sender);
    if ((memory?.until.get(digest) ?? 0) > nowMs) return { kind: 'replayed' };
    if (memory && memory.until.size >= this.config.SIGNATURE_MEMORY_PER_SENDER) {
      if (memory.earliest <= nowMs) this.sweep(memory, nowMs);
      if (memory.until.size >= this.config.SIGNATURE_MEMORY_PER_SENDER) {
        return { kind: 'full', retryAfterSeconds: Math.max(1, Math.ceil((memory.earliest - nowMs) / 1000)) };
      }
    }
    if (!memory) this.local.set(sender, (memory = { until: new Map(), earliest: untilMs }));
    memory.until.set(digest, nowMs + lifetimeMs);
    memory.earliest = Math.min(memory.earliest, nowMs + lifetimeMs);
    return { kind: 'first' };
  }

  /** Gives a claim back: the input was turned away before it was acted on (its sender may send it again). */
  async release(sender: string, digest: string): Promise<void> {
    // a claim taken here while Redis was unreachable is in this memory, whatever Redis answers now
    this.local.get(sender)?.until.delete(digest);
    if (this.redis) await this.redis.del(this.keyOf(sender, digest)).catch(() => undefined);
  }

  private keyOf(sender: string, digest: string): string {
    return `${this.config.BULLMQ_PREFIX}:ingest:signature:${sender}:${digest}`;
  }

  private sweepAll(nowMs: number): void {
    if (nowMs - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = nowMs;
    for (const [sender, memory] of this.local) {
      if (memory.earliest <= nowMs) this.sweep(memory, nowMs);
      if (memory.until.size === 0) this.local.delete(sender);
    }
  }

  private sweep(memory: SenderMemory, nowMs: number): void {
    let earliest = Infinity;
    for (const [digest, until] of memory.until) {
      if (until <= nowMs) memory.until.delete(digest);
      else earliest = Math.min(earliest, until);
    }
    memory.earliest = earliest;
  }
}
