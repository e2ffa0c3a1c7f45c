import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PAGING_QUEUE, PROBE_JOB } from '../signals/paging/paging.jobs';
import { CONFIG, JOB_QUEUE, LOGGER, type AppConfig, type JobQueue, type Logger } from '../runtime/ports';

const POLL_MS = 50;

export type EngineCycle = { ok: true; tookMs: number } | { ok: false; reason: string };

/**
 * Whether the paging loop still turns: a no-op job goes through the paging queue (the queue every page, step and
 * timer of every alert goes through) and the answer waits for a worker to complete it. Asked by id, so it holds
 * when the worker is another process (BullMQ); a queue whose workers are all stuck, or no worker at all, leaves
 * the job waiting and the answer is a failure after ENGINE_PROBE_TIMEOUT_MS.
 */
@Injectable()
export class EngineProbe {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The probe running now, and the one every request that came after it waits for (at most these two). */
  private running: Promise<EngineCycle> | null = null;
  private next: Promise<EngineCycle> | null = null;

  /**
   * A cycle that started after this call: a request joins the probe queued behind the running one, so however many
   * ask at once (the probe needs no session), at most two probe jobs are in the queue.
   */
  cycle(): Promise<EngineCycle> {
    if (this.next) return this.next;
    if (!this.running) return (this.running = this.settle(this.probe()));
    const after = this.running.then(() => {
      this.next = null;
      return (this.running = this.settle(this.probe()));
    });
    return (this.next = after);
  }

  private settle(probe: Promise<EngineCycle>): Promise<EngineCycle> {
    const done: Promise<EngineCycle> = probe.finally(() => {
      if (this.running === done) this.running = null;
    });
    return done;
  }

  private async probe(): Promise<EngineCycle> {
    const started = Date.now();
    const deadline = started + this.config.ENGINE_PROBE_TIMEOUT_MS;
    const id = `probe/${randomUUID()}`;
    try {
      await this.jobs.add(PAGING_QUEUE, PROBE_JOB, {}, { jobId: id, group: 'engine-probe' });
      while (Date.now() < deadline) {
        const job = await this.jobs.get(PAGING_QUEUE, id);
        if (job?.state === 'completed') return { ok: true, tookMs: Date.now() - started };
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      return {
        ok: false,
        reason: `no paging worker completed a job within ${this.config.ENGINE_PROBE_TIMEOUT_MS} ms`,
      };
    } catch (error) {
      // the probe answers anyone: the client's words (`connect ECONNREFUSED 10.0.0.5:6379`) go to the log only
      this.logger.error({ err: error }, 'engine probe: the paging queue is unreachable');
      return { ok: false, reason: 'the paging queue is unreachable' };
    } finally {
      // a job never taken is an optimisation to remove: left, it would only complete later and change nothing
      await this.jobs.cancel(PAGING_QUEUE, id).catch(() => false);
    }
  }
}
