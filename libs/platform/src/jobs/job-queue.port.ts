export interface JobOptions {
  /**
   * A caller-chosen id (any string): adding an id that exists is a no-op; also what `cancel` takes.
   * Without it the adapter makes a unique one.
   */
  jobId?: string;
  /** Milliseconds of clock time before the job may run. */
  delay?: number;
  /**
   * Whose work this is (an organization): ready jobs of a queue run round-robin over their groups, so one
   * group's burst does not hold another's jobs behind it. In-process only; BullMQ runs them in order.
   */
  group?: string;
  /** Total tries, the first included (default 1). */
  attempts?: number;
  /** Clock time before a retry: `delay`, or `delay * 2^(retry - 1)` for exponential. None: retry at once. */
  backoff?: { type: 'fixed' | 'exponential'; delay: number };
}

/**
 * How long finished jobs stay readable through `get` (a status GET right after completion must still
 * find them), in clock time. Removal happens once the clock passes the age; the count keeps at most
 * the latest completed jobs of each queue (latest by finish time to the millisecond; BullMQ breaks ties
 * within a millisecond by job id).
 */
export interface JobRetention {
  completedAgeMs: number;
  completedCount: number;
  failedAgeMs: number;
}

/** Completed jobs for 24 h (and at most the last 1,000 per queue), failed jobs for 7 days. */
export const DEFAULT_JOB_RETENTION: JobRetention = {
  completedAgeMs: 24 * 3600 * 1000,
  completedCount: 1000,
  failedAgeMs: 7 * 24 * 3600 * 1000,
};

export interface JobContext<Data = unknown> {
  id: string;
  queue: string;
  name: string;
  data: Data;
  /** Tries already made before this one. */
  attemptsMade: number;
  updateProgress(progress: number | Record<string, unknown>): Promise<void>;
}

export type JobHandler<Data = unknown, Result = unknown> = (job: JobContext<Data>) => Promise<Result>;

/** A cancelled job has no state: it is gone (`get` returns null) and its id can be used again. */
export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';
export const JOB_STATES: readonly JobState[] = ['waiting', 'delayed', 'active', 'completed', 'failed'];

/** No job in any state. */
export const noJobs = (): Record<JobState, number> => ({ waiting: 0, delayed: 0, active: 0, completed: 0, failed: 0 });

export interface JobInfo<Data = unknown> {
  id: string;
  queue: string;
  name: string;
  data: Data;
  state: JobState;
  progress: number | Record<string, unknown>;
  /** Tries finished, successful or not. */
  attemptsMade: number;
  /** The handler's return value as JSON gives it back (undefined becomes null); set once completed. */
  result?: unknown;
  /** The message of the latest failed try. */
  failedReason?: string;
}

export type JobEvent =
  | { type: 'progress'; queue: string; id: string; progress: number | Record<string, unknown> }
  | { type: 'completed'; queue: string; id: string; result: unknown }
  | { type: 'retrying'; queue: string; id: string; error: string; attemptsMade: number }
  | { type: 'failed'; queue: string; id: string; error: string; attemptsMade: number }
  /**
   * A job taken back from a worker that held it without renewing its lock (the process died, or its event loop
   * stayed blocked past the lock), told by the worker whose check found it. BullMQ only: an in-process job lives
   * and dies with the one process that runs it, so no other worker can find it stalled.
   */
  | { type: 'stalled'; queue: string; id: string };

/**
 * Background jobs and timers (paging, escalation steps, deliveries, match-and-update).
 * Two adapters with the same behaviour: BullMQ on Redis, and in-process. Both take time from the
 * injected Clock. Data and results travel as JSON.
 */
export interface JobQueue {
  readonly kind: 'memory' | 'bullmq';
  add<Data>(queue: string, name: string, data: Data, options?: JobOptions): Promise<string>;
  /** Registers the worker for a queue (one per queue and instance; a second call throws). */
  process<Data, Result>(
    queue: string,
    handler: JobHandler<Data, Result>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /**
   * Removes a waiting or delayed job; true when something was cancelled. Active and finished jobs stay
   * (finished ones until their retention ends, see JobRetention).
   */
  cancel(queue: string, id: string): Promise<boolean>;
  get(queue: string, id: string): Promise<JobInfo | null>;
  /** Jobs by state in each queue this instance has added to or works (the metrics' queue depth); cancelled ones are gone. */
  counts(): Promise<Record<string, Record<JobState, number>>>;
  /** Events of the jobs this instance's workers run. */
  onEvent(listener: (event: JobEvent) => void): () => void;
  ping(): Promise<void>;
  /** Stops taking jobs and waits for the active ones to finish. */
  close(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');
