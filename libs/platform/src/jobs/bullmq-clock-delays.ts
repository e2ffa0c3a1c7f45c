import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Clock } from '../clock/clock';
import { backoffDelay } from './backoff';

/** A clock that moves by hand and tells its listeners (ManualClock). */
export interface AdvanceableClock extends Clock {
  onAdvance(listener: (now: number) => void | Promise<void>): () => void;
}

export function isAdvanceable(clock: Clock): clock is AdvanceableClock {
  return typeof (clock as Partial<AdvanceableClock>).onAdvance === 'function';
}

/** Far enough that BullMQ never promotes on its own, near enough for its delayed-set scores (ms * 4096 < 2^53). */
const FOREVER = 365 * 24 * 3600 * 1000;
/** Marks a backoff whose due time follows the clock; the type BullMQ sees must not be a built-in one. */
const CLOCK_BACKOFF = 'clock-';

/**
 * With a clock that moves by hand, BullMQ's wall-clock timers must not decide when a job runs: delayed
 * jobs and retries sit in BullMQ's delayed set "forever", their due clock time sits in a sorted set
 * here, and every clock move promotes the jobs that became due before `advance` resolves.
 */
export class BullMqClockDelays {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly clock: AdvanceableClock,
    private readonly queueFor: (name: string) => Queue,
  ) {}

  /** Records when the job is due and returns the delay to give BullMQ. NX: a duplicate add keeps the first. */
  async hold(queue: string, bullId: string, delay: number): Promise<number> {
    await this.redis.zadd(this.key, 'NX', this.clock.now() + delay, member(queue, bullId));
    return FOREVER;
  }

  async forget(queue: string, bullId: string): Promise<void> {
    await this.redis.zrem(this.key, member(queue, bullId));
  }

  backoff(backoff: { type: 'fixed' | 'exponential'; delay: number }): { type: string; delay: number } {
    return { type: CLOCK_BACKOFF + backoff.type, delay: backoff.delay };
  }

  /** BullMQ's custom backoff strategy: runs before the failed job moves to the delayed set. */
  readonly backoffStrategy = async (
    retry: number,
    type?: string,
    _error?: Error,
    job?: { id?: string; queueName: string; opts: { backoff?: unknown } },
  ) => {
    const { delay } = (job?.opts.backoff ?? { delay: 0 }) as { delay: number };
    const wait = backoffDelay({ type: type === `${CLOCK_BACKOFF}exponential` ? 'exponential' : 'fixed', delay }, retry);
    return wait > 0 && job?.id ? this.hold(job.queueName, job.id, wait) : wait;
  };

  async promoteDue(now: number): Promise<void> {
    const due = await this.redis.zrangebyscore(this.key, '-inf', now, 'WITHSCORES');
    for (let i = 0; i < due.length; i += 2) {
      const [entry, score] = [due[i], due[i + 1]];
      // removing first claims the entry (instances may share a prefix), and a retry that is
      // recorded again while we promote is not wiped out afterwards
      if ((await this.redis.zrem(this.key, entry)) === 0) continue;
      const [queue, bullId] = JSON.parse(entry) as [string, string];
      const job = await this.queueFor(queue).getJob(bullId);
      try {
        await job?.promote();
      } catch {
        // a failure recorded its retry but has not reached the delayed set yet: next clock move
        if ((await job?.getState()) === 'active') await this.redis.zadd(this.key, 'NX', score, entry);
      }
    }
  }
}

function member(queue: string, bullId: string): string {
  return JSON.stringify([queue, bullId]);
}
