import { randomUUID } from 'node:crypto';
import { ManualClock, type JobContext, type JobEvent, type JobQueue } from '@tocsin/platform';

const BOUND_MS = 10_000;

/** Every event a queue reports, and a way to wait for one without sleeping for it. */
export class JobEventLog {
  readonly events: JobEvent[] = [];
  private waiters: Array<{ match: (e: JobEvent) => boolean; resolve: (e: JobEvent) => void }> = [];
  private readonly stop: () => void;

  constructor(jobs: JobQueue) {
    this.stop = jobs.onEvent((event) => {
      this.events.push(event);
      for (const waiter of this.waiters.filter((w) => w.match(event))) waiter.resolve(event);
      this.waiters = this.waiters.filter((w) => !w.match(event));
    });
  }

  of(id: string, type?: JobEvent['type']): JobEvent[] {
    return this.events.filter((e) => e.id === id && (!type || e.type === type));
  }

  /** Resolves with the first matching event, past or future, within a generous bound. */
  until<T extends JobEvent['type']>(
    type: T,
    id: string,
    also: (e: Extract<JobEvent, { type: T }>) => boolean = () => true,
  ): Promise<Extract<JobEvent, { type: T }>> {
    const match = (e: JobEvent) => e.type === type && e.id === id && also(e as Extract<JobEvent, { type: T }>);
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen as Extract<JobEvent, { type: T }>);
    const next = new Promise<JobEvent>((resolve) => this.waiters.push({ match, resolve }));
    return within(next, `a '${type}' event for job ${id}`) as Promise<Extract<JobEvent, { type: T }>>;
  }

  close(): void {
    this.stop();
  }
}

/** Fails a wait that would otherwise hang until jest's own timeout, naming what never came. */
export function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${BOUND_MS} ms for ${what}`)), BOUND_MS);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

/** A promise the test settles by hand, to hold a handler mid-job. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export interface JobQueueFixture {
  clock: ManualClock;
  jobs: JobQueue;
  log: JobEventLog;
  /** A queue name no other test uses. */
  queue: string;
  /** Every try the queue's worker started, in order. */
  ran: JobContext[];
  /** Registers the worker; 'barrier' jobs just complete, others go to `body`. */
  work(body?: (job: JobContext) => Promise<unknown>, concurrency?: number): Promise<void>;
  /**
   * Adds a job behind everything already ready and waits for it: with one worker slot, jobs that had
   * become ready have run by then. Lets a test show something did not run without sleeping.
   */
  barrier(): Promise<void>;
}

/** A fresh clock, queue instance and queue name per test. */
export function useJobQueue(open: (clock: ManualClock) => Promise<JobQueue>): () => JobQueueFixture {
  let fixture: JobQueueFixture;
  beforeEach(async () => {
    const clock = new ManualClock();
    const jobs = await open(clock);
    const queue = `q-${randomUUID().slice(0, 8)}`;
    const ran: JobContext[] = [];
    const log = new JobEventLog(jobs);
    fixture = {
      clock,
      jobs,
      log,
      queue,
      ran,
      work: (body = async () => null, concurrency = 1) =>
        jobs.process(queue, async (job) => (ran.push(job), job.name === 'barrier' ? null : body(job)), { concurrency }),
      barrier: async () => {
        await log.until('completed', await jobs.add(queue, 'barrier', {}));
      },
    };
  });
  afterEach(async () => {
    fixture.log.close();
    await fixture.jobs.close();
  });
  return () => fixture;
}
