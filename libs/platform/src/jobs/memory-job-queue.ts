import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock/clock';
import { continueTrace, currentTraceCarrier, type TraceCarrier } from '../tracing/tracing';
import { backoffDelay } from './backoff';
import {
  DEFAULT_JOB_RETENTION,
  noJobs,
  type JobEvent,
  type JobContext,
  type JobHandler,
  type JobInfo,
  type JobOptions,
  type JobQueue,
  type JobRetention,
  type JobState,
} from './job-queue.port';
import { asJson } from './json-value';

interface Job {
  info: JobInfo;
  options: JobOptions;
  /** Cancels the clock timer of a delayed job, or the removal of a finished one. */
  unschedule?: () => void;
  /** The trace of the work that added the job (traces on): the job runs in it, as bullmq-otel does for BullMQ. */
  trace?: TraceCarrier;
}

interface Queue {
  jobs: Map<string, Job>;
  /** Ids by group, each in the order they became ready; groups take turns (the first goes next). */
  ready: Map<string, string[]>;
  /** Ids of completed jobs still kept, oldest first. */
  completed: string[];
  worker?: { handler: JobHandler<unknown, unknown>; concurrency: number };
  running: number;
}

/** Jobs in this process only: for tests and single-process installs without Redis. */
export class MemoryJobQueue implements JobQueue {
  readonly kind = 'memory';
  private readonly queues = new Map<string, Queue>();
  private readonly listeners = new Set<(event: JobEvent) => void>();
  private readonly active = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly clock: Clock,
    private readonly retention: JobRetention = DEFAULT_JOB_RETENTION,
  ) {}

  async add<Data>(queue: string, name: string, data: Data, options: JobOptions = {}): Promise<string> {
    const q = this.queue(queue);
    const id = options.jobId ?? randomUUID();
    if (q.jobs.has(id)) return id;
    const info: JobInfo = { id, queue, name, data: asJson(data), state: 'waiting', progress: 0, attemptsMade: 0 };
    const job: Job = { info, options, trace: currentTraceCarrier() };
    q.jobs.set(id, job);
    this.after(q, job, options.delay ?? 0);
    return id;
  }

  async process<Data, Result>(
    queue: string,
    handler: JobHandler<Data, Result>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    const q = this.queue(queue);
    if (q.worker) throw new Error(`Queue ${queue} already has a worker`);
    q.worker = { handler: handler as JobHandler<unknown, unknown>, concurrency: options.concurrency ?? 1 };
    this.pump(q);
  }

  async cancel(queue: string, id: string): Promise<boolean> {
    const q = this.queues.get(queue);
    const job = q?.jobs.get(id);
    if (!q || !job || (job.info.state !== 'waiting' && job.info.state !== 'delayed')) return false;
    job.unschedule?.();
    q.jobs.delete(id);
    const group = q.ready.get(job.options.group ?? '');
    if (group?.includes(id)) group.splice(group.indexOf(id), 1);
    return true;
  }

  async get(queue: string, id: string): Promise<JobInfo | null> {
    const job = this.queues.get(queue)?.jobs.get(id);
    return job ? asJson(job.info) : null;
  }

  async counts(): Promise<Record<string, Record<JobState, number>>> {
    const counts: Record<string, Record<JobState, number>> = {};
    for (const [name, q] of this.queues) {
      const states = (counts[name] = noJobs());
      for (const job of q.jobs.values()) states[job.info.state]++;
    }
    return counts;
  }

  onEvent(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queues.values()) for (const job of q.jobs.values()) job.unschedule?.();
    await Promise.all(this.active);
  }

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) this.queues.set(name, (q = { jobs: new Map(), ready: new Map(), completed: [], running: 0 }));
    return q;
  }

  /** Makes the job ready now, or once the clock has moved `delay` further. */
  private after(q: Queue, job: Job, delay: number): void {
    const ready = () => {
      job.unschedule = undefined;
      job.info.state = 'waiting';
      const group = job.options.group ?? '';
      const ids = q.ready.get(group);
      if (ids) ids.push(job.info.id);
      else q.ready.set(group, [job.info.id]);
      // like a worker picking the job up: never inside the caller's own call
      setImmediate(() => this.pump(q));
    };
    if (delay <= 0) return ready();
    job.info.state = 'delayed';
    job.unschedule = this.clock.schedule(this.clock.now() + delay, ready);
  }

  private pump(q: Queue): void {
    while (!this.closed && q.worker && q.running < q.worker.concurrency) {
      const id = this.next(q);
      if (id === undefined) return;
      const job = q.jobs.get(id);
      if (job) this.track(this.run(q, job, q.worker.handler));
    }
  }

  /** The next ready id: the first group's oldest, and that group goes to the back of the line. */
  private next(q: Queue): string | undefined {
    for (const [group, ids] of q.ready) {
      q.ready.delete(group);
      const id = ids.shift();
      if (ids.length > 0) q.ready.set(group, ids);
      if (id !== undefined) return id;
    }
    return undefined;
  }

  private track(run: Promise<void>): void {
    this.active.add(run);
    void run.finally(() => this.active.delete(run));
  }

  private async run(q: Queue, job: Job, handler: JobHandler<unknown, unknown>): Promise<void> {
    const { info } = job;
    info.state = 'active';
    q.running++;
    try {
      const context: JobContext<unknown> = {
        id: info.id,
        queue: info.queue,
        name: info.name,
        data: asJson(info.data),
        attemptsMade: info.attemptsMade,
        updateProgress: async (progress) => {
          info.progress = asJson(progress);
          this.emit({ type: 'progress', queue: info.queue, id: info.id, progress: asJson(progress) });
        },
      };
      const attributes = { 'messaging.destination.name': info.queue, 'tocsin.job.name': info.name };
      const result = await continueTrace(job.trace, `${info.queue} process`, () => handler(context), attributes);
      info.attemptsMade++;
      info.result = asJson(result);
      info.state = 'completed';
      this.keepCompleted(q, job);
      this.emit({ type: 'completed', queue: info.queue, id: info.id, result: asJson(result) });
    } catch (error) {
      this.fail(q, job, error instanceof Error ? error.message : String(error));
    } finally {
      q.running--;
      this.pump(q);
    }
  }

  private fail(q: Queue, job: Job, error: string): void {
    const { info, options } = job;
    info.attemptsMade++;
    info.failedReason = error;
    const event = { queue: info.queue, id: info.id, error, attemptsMade: info.attemptsMade };
    if (info.attemptsMade < (options.attempts ?? 1)) {
      this.after(q, job, backoffDelay(options.backoff, info.attemptsMade));
      this.emit({ type: 'retrying', ...event });
    } else {
      info.state = 'failed';
      this.removeAfter(q, job, this.retention.failedAgeMs);
      this.emit({ type: 'failed', ...event });
    }
  }

  /** Keeps a completed job for its age, and drops the oldest beyond the count. */
  private keepCompleted(q: Queue, job: Job): void {
    q.completed.push(job.info.id);
    this.removeAfter(q, job, this.retention.completedAgeMs);
    while (q.completed.length > this.retention.completedCount) {
      const oldest = q.jobs.get(q.completed.shift()!);
      if (oldest) this.remove(q, oldest);
    }
  }

  private removeAfter(q: Queue, job: Job, age: number): void {
    job.unschedule = this.clock.schedule(this.clock.now() + age, () => this.remove(q, job));
  }

  /** Forgets a finished job; its id can be used again. */
  private remove(q: Queue, job: Job): void {
    job.unschedule?.();
    if (q.jobs.get(job.info.id) !== job) return;
    q.jobs.delete(job.info.id);
    q.completed = q.completed.filter((id) => id !== job.info.id);
  }

  private emit(event: JobEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
