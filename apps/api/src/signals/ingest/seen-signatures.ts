import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, REDIS, type AppConfig, type RedisConnection } from '../../runtime/ports';
import { SIGNATURE_MEMORY_SECONDS } from './signature';

/** Signatures one process remembers without Redis: a flood of genuine payloads forgets the oldest first. */
const IN_PROCESS_MAX = 100_000;

/**
 * Signed payloads seen lately (ARCHITECTURE.md "Security rules": a signature seen inside its window is refused
 * the second time), kept as long as their timestamp could still be accepted. With REDIS_URL every api process
 * shares them (SET NX with expiry); otherwise this process remembers them, bounded.
 */
@Injectable()
export class SeenSignatures {
  /** Key -> when it may be forgotten; one lifetime for all, so insertion order is expiry order. */
  private readonly local = new Map<string, number>();

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: RedisConnection,
  ) {}

  /** True the first time `digest` is claimed for `sourceId` within the window, false for a replay. */
  async claim(sourceId: string, digest: string, nowMs: number): Promise<boolean> {
    const key = this.keyOf(sourceId, digest);
    if (this.redis) return (await this.redis.set(key, '1', 'EX', SIGNATURE_MEMORY_SECONDS, 'NX')) === 'OK';
    this.forgetExpired(nowMs);
    if ((this.local.get(key) ?? 0) > nowMs) return false;
    if (this.local.size >= IN_PROCESS_MAX) this.local.delete(this.local.keys().next().value!);
    this.local.set(key, nowMs + SIGNATURE_MEMORY_SECONDS * 1000);
    return true;
  }

  /** Gives a claim back: the payload was turned away before it was acted on (its sender may send it again). */
  async release(sourceId: string, digest: string): Promise<void> {
    const key = this.keyOf(sourceId, digest);
    if (this.redis) await this.redis.del(key);
    else this.local.delete(key);
  }

  private keyOf(sourceId: string, digest: string): string {
    return `${this.config.BULLMQ_PREFIX}:ingest:signature:${sourceId}:${digest}`;
  }

  private forgetExpired(nowMs: number): void {
    for (const [key, until] of this.local) {
      if (until > nowMs) break;
      this.local.delete(key);
    }
  }
}
