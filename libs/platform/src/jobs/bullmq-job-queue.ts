import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import Redis from 'ioredis';
import type { Clock } from '../clock/clock';
import { bullMqTelemetry } from '../tracing/tracing';
import { BullMqClockDelays, isAdvanceable } from './bullmq-clock-delays';
import { BullMqClockRetention } from './bullmq-clock-retention';
import { fromBullId, toBullId } from './bullmq-job-id';
import { toJobInfo, toJobState, type Progress } from './bullmq-job-info';
import {
  DEFAULT_JOB_RETENTION,
  JOB_STATES,
  noJobs,
  type JobEvent,
  type JobHandler,
  type JobInfo,
  type JobOptions,
  type JobQueue,
  type JobRetention,
  type JobState,
} from './job-queue.port';
import { asJson } from './json-value';

export interface BullMqJobQueueOptions {
  url: string;
  /** Namespaces every key, so installs (or parallel test runs) can share one Redis. */
  prefix?: string;
  clock: Clock;
  /** How long finished jobs stay; DEFAULT_JOB_RETENTION when left out. */
  retention?: JobRetention;
  /** Connection trouble seen by queues and workers; BullMQ reconnects by itself. */
  onError?: (error: Error) => void;
  /**
   * How long a worker's hold on a job lasts unless renewed (renewed at half of it), and how often each worker
   * looks for jobs whose hold lapsed (stalled); BullMQ's defaults (30 s each) when left out.
   */
  locks?: { lockDurationMs: number; stalledIntervalMs: number };
}

/**
 * Jobs in Redis through BullMQ. With the system clock BullMQ times delays and backoff itself; with a
 * clock that moves by hand they follow that clock (see BullMqClockDelays).
 */
export class BullMqJobQueue implements JobQueue {
  readonly kind = 'bullmq';
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private readonly listeners = new Set<(event: JobEvent) => void>();
  private readonly delays: BullMqClockDelays | null;
  private readonly clockRetention: BullMqClockRetention | null;
  private readonly stopFollowingClock: () => void = () => undefined;
  private closing?: Promise<void>;
  /** Finished jobs being recorded for clock retention, their events still to go out. */
  private readonly keeping = new Set<Promise<void>>();
  /** BullMQ's own telemetry when traces are on: a job carries the adder's trace to the worker that runs it. */
  private readonly telemetry = bullMqTelemetry();

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    clock: Clock,
    private readonly onError: (error: Error) => void,
    private readonly retention: JobRetention,
    private readonly locks: BullMqJobQueueOptions['locks'],
  ) {
    if (isAdvanceable(clock)) {
      const delays = new BullMqClockDelays(redis, `${prefix}:clock-delays`, clock, (name) => this.queue(name));
      const kept = new BullMqClockRetention(redis, `${prefix}:clock-retention`, clock, (name) => this.queue(name));
      this.delays = delays;
      this.clockRetention = kept;
      this.stopFollowingClock = clock.onAdvance(async (now) => {
        await delays.promoteDue(now);
        await kept.removeDue(now);
      });
    } else {
      this.delays = null;
      this.clockRetention = null;
    }
  }

  static async connect(options: BullMqJobQueueOptions): Promise<BullMqJobQueue> {
    // BullMQ needs commands to wait out reconnects rather than fail after a few retries
    const redis = new Redis(options.url, { maxRetriesPerRequest: null, lazyConnect: true });
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      redis.disconnect();
      throw error;
    }
    return new BullMqJobQueue(
      redis,
      options.prefix ?? 'tocsin',
      options.clock,
      options.onError ?? (() => undefined),
      options.retention ?? DEFAULT_JOB_RETENTION,
      options.locks,
    );
  }

  async add<Data>(queue: string, name: string, data: Data, options: JobOptions = {}): Promise<string> {
    const id = options.jobId ?? randomUUID();
    const bullId = toBullId(id);
    const delay = options.delay ?? 0;
    await this.queue(queue).add(name, data, {
      jobId: bullId,
      attempts: options.attempts ?? 1,
      delay: delay > 0 ? ((await this.delays?.hold(queue, bullId, delay)) ?? delay) : undefined,
      backoff: options.backoff && (this.delays?.backoff(options.backoff) ?? options.backoff),
      ...this.removal(),
    });
    return id;
  }

  async process<Data, Result>(
    queue: string,
    handler: JobHandler<Data, Result>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    if (this.workers.has(queue)) throw new Error(`Queue ${queue} already has a worker`);
    const worker = new Worker<Data, Result>(
      queue,
      (job) =>
        handler({
          id: fromBullId(job.id!),
          queue,
          name: job.name,
          data: job.data,
          attemptsMade: job.attemptsMade,
          updateProgress: (progress) => job.updateProgress(progress),
        }),
      {
        connection: this.redis,
        prefix: this.prefix,
        telemetry: this.telemetry,
        concurrency: options.concurrency ?? 1,
        settings: this.delays ? { backoffStrategy: this.delays.backoffStrategy } : undefined,
        ...(this.locks && {
          lockDuration: this.locks.lockDurationMs,
          stalledInterval: this.locks.stalledIntervalMs,
        }),
      },
    );
    this.workers.set(queue, worker);
    worker.on('error', this.onError);
    worker.on('progress', (job, progress) =>
      this.emit({ type: 'progress', queue, id: fromBullId(job.id!), progress: progress as Progress }),
    );
    worker.on('completed', (job, result) =>
      this.afterKeeping(queue, job, 'completed', {
        type: 'completed',
        queue,
        id: fromBullId(job.id!),
        result: asJson(result),
      }),
    );
    worker.on('failed', (job, error) => job && this.emitFailure(queue, job, error));
    // BullMQ puts the job back to wait (or fails it, stalled too often) and tells only the worker that found it
    worker.on('stalled', (jobId) => this.emit({ type: 'stalled', queue, id: fromBullId(jobId) }));
    await worker.waitUntilReady();
  }

  async cancel(queue: string, id: string): Promise<boolean> {
    const bullId = toBullId(id);
    const job = await this.queue(queue).getJob(bullId);
    const state = job && toJobState(await job.getState());
    if (!job || (state !== 'waiting' && state !== 'delayed')) return false;
    try {
      await job.remove();
    } catch {
      return false; // a worker took it in the meantime
    }
    await this.delays?.forget(queue, bullId);
    return true;
  }

  async get(queue: string, id: string): Promise<JobInfo | null> {
    const job = await this.queue(queue).getJob(toBullId(id));
    return job ? toJobInfo(id, job, await job.getState()) : null;
  }

  async counts(): Promise<Record<string, Record<JobState, number>>> {
    const names = new Set([...this.queues.keys(), ...this.workers.keys()]);
    const counts: Record<string, Record<JobState, number>> = {};
    for (const name of names) {
      const found = await this.queue(name).getJobCounts(...JOB_STATES, 'prioritized');
      const states = (counts[name] = noJobs());
      for (const state of JOB_STATES) states[state] = found[state] ?? 0;
      // BullMQ keeps jobs with a priority apart from the others waiting
      states.waiting += found.prioritized ?? 0;
    }
    return counts;
  }

  onEvent(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.stopFollowingClock();
      await Promise.all([...this.workers.values()].map((worker) => worker.close()));
      await Promise.all(this.keeping);
      await Promise.all([...this.queues.values()].map((queue) => queue.close()));
      await this.redis.quit();
    })();
    return this.closing;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.redis, prefix: this.prefix, telemetry: this.telemetry });
      queue.on('error', this.onError);
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * BullMQ removes finished jobs itself: by age (wall clock) and count with the system clock; with a
   * clock that moves by hand only by count, the ages following that clock (BullMqClockRetention).
   */
  private removal(): { removeOnComplete: { age?: number; count: number }; removeOnFail: { age: number } | false } {
    const { completedAgeMs, completedCount, failedAgeMs } = this.retention;
    if (this.clockRetention) return { removeOnComplete: { count: completedCount }, removeOnFail: false };
    // BullMQ takes ages in seconds
    return {
      removeOnComplete: { age: Math.ceil(completedAgeMs / 1000), count: completedCount },
      removeOnFail: { age: Math.ceil(failedAgeMs / 1000) },
    };
  }

  /**
   * Emits the event of a finished job; with the hand-moved clock only once its removal time is recorded,
   * so a test that saw the event and moves the clock sees the job go.
   */
  private afterKeeping(queue: string, job: Job, state: 'completed' | 'failed', event: JobEvent): void {
    const retention = this.clockRetention;
    if (!retention) return this.emit(event);
    const age = state === 'completed' ? this.retention.completedAgeMs : this.retention.failedAgeMs;
    const kept = retention
      .finished(queue, job.id!, state, job.finishedOn, age)
      .catch((error: unknown) => this.onError(error instanceof Error ? error : new Error(String(error))))
      .then(() => this.emit(event));
    this.keeping.add(kept);
    void kept.finally(() => this.keeping.delete(kept));
  }

  /** BullMQ reports every failed try as 'failed'; the ones with tries left are retried. */
  private emitFailure(queue: string, job: Job, error: Error): void {
    const event = { queue, id: fromBullId(job.id!), error: error.message, attemptsMade: job.attemptsMade };
    if (job.attemptsMade < (job.opts.attempts ?? 1)) this.emit({ type: 'retrying', ...event });
    else this.afterKeeping(queue, job, 'failed', { type: 'failed', ...event });
  }

  private emit(event: JobEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
