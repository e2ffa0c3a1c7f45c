import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AdvanceableClock } from './bullmq-clock-delays';

type Finished = 'completed' | 'failed';

/**
 * With a clock that moves by hand, BullMQ's own age-based removal (which reads the wall clock) is not
 * used: each finished job's removal time in clock time sits in a sorted set here, and every clock move
 * removes the jobs whose time has come before `advance` resolves. The count limit stays BullMQ's.
 */
export class BullMqClockRetention {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly clock: AdvanceableClock,
    private readonly queueFor: (name: string) => Queue,
  ) {}

  /** `finishedOn` tells this finish apart from a later run of a job added again under the same id. */
  async finished(
    queue: string,
    bullId: string,
    state: Finished,
    finishedOn: number | undefined,
    age: number,
  ): Promise<void> {
    await this.redis.zadd(
      this.key,
      this.clock.now() + age,
      JSON.stringify([queue, bullId, state, asNumber(finishedOn)]),
    );
  }

  async removeDue(now: number): Promise<void> {
    const due = await this.redis.zrangebyscore(this.key, '-inf', now);
    for (const entry of due) {
      if ((await this.redis.zrem(this.key, entry)) === 0) continue; // another instance took it
      const [queue, bullId, state, finishedOn] = JSON.parse(entry) as [string, string, Finished, number | null];
      const job = await this.queueFor(queue).getJob(bullId);
      if (!job || asNumber(job.finishedOn) !== finishedOn || (await job.getState()) !== state) continue;
      try {
        await job.remove();
      } catch {
        // taken again in the meantime: it is no longer the finished job this entry was about
      }
    }
  }
}

/** BullMQ gives `finishedOn` as a number after finishing and as a string when read back. */
function asNumber(value: number | string | undefined | null): number | null {
  return value == null ? null : Number(value);
}
