import {
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
} from './event-store.port';
import type { BatchResult, WireAppend, WireOutcome } from './sqlite-batch-writer';
import { startWriterThread, type WriterThread } from './sqlite-writer-thread';

interface PendingAppend {
  append: WireAppend;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * Group commit: the appends queued while the writer thread is busy (or within one turn of the event loop when it
 * is not) go to it as one batch, written in one transaction, so concurrent callers share one fsync; under load the
 * batches grow on their own. Each append is checked and inserted inside its own savepoint, so a conflict or a
 * duplicate id fails that append alone (sqlite-batch-writer.ts). An append resolves once its batch is committed.
 */
export class SqliteGroupCommit {
  private queue: PendingAppend[] = [];
  private inFlight: PendingAppend[] | null = null;
  private scheduled = false;
  private thread: WriterThread | null = null;
  private idle: Array<() => void> = [];
  private commitCount = 0;
  private appendCount = 0;

  constructor(
    private readonly file: string,
    private readonly onCommitted: () => void,
    /** How a writer thread is started: the crash tests start one that stops in the middle of a batch. */
    private readonly startThread: typeof startWriterThread = startWriterThread,
  ) {
    this.thread = this.start();
  }

  stats(): { commits: number; appends: number } {
    return { commits: this.commitCount, appends: this.appendCount };
  }

  enqueue(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      let append: WireAppend;
      try {
        append = { stream, expected, events: events.map(toWire) };
      } catch (error) {
        // data JSON cannot hold (a cycle, a BigInt): this append fails alone, as it did inside the transaction
        return reject(error);
      }
      this.queue.push({ append, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when every append queued so far is settled. */
  drain(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  async close(): Promise<void> {
    await this.drain();
    const thread = this.thread;
    this.thread = null;
    await thread?.terminate();
  }

  private isIdle(): boolean {
    return !this.inFlight && !this.scheduled && this.queue.length === 0;
  }

  /** The next batch leaves on the next turn, so what this turn's callbacks append joins it. */
  private schedule(): void {
    if (this.scheduled || this.inFlight || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.send();
    });
  }

  private send(): void {
    if (this.inFlight || this.queue.length === 0) return this.settleIdle();
    const batch = this.queue;
    this.queue = [];
    this.inFlight = batch;
    this.thread ??= this.start();
    this.thread.busy(true);
    this.thread.write(batch.map(({ append }) => append));
  }

  private start(): WriterThread {
    return this.startThread(this.file, {
      onResult: (result) => this.finish(result),
      onStopped: (error) => {
        this.thread = null;
        // whether the batch in flight was written is unknown: its callers see the failure, a retry with the same
        // event ids is idempotent; the next batch starts a new thread
        this.finish({
          committed: false,
          outcomes: (this.inFlight ?? []).map(() => ({ error: { message: error.message } })),
        });
      },
    });
  }

  private finish({ committed, outcomes }: BatchResult): void {
    const batch = this.inFlight ?? [];
    this.inFlight = null;
    this.thread?.busy(false);
    if (committed) {
      this.commitCount += 1;
      this.appendCount += batch.length;
    }
    batch.forEach((pending, i) => settle(pending, outcomes[i]));
    if (outcomes.some((outcome) => 'ok' in outcome)) this.onCommitted();
    this.schedule();
    this.settleIdle();
  }

  private settleIdle(): void {
    if (!this.isIdle()) return;
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }
}

function toWire(event: NewEvent): WireAppend['events'][number] {
  const { metadata } = event;
  return {
    id: event.id,
    type: event.type,
    data: JSON.stringify(event.data ?? null),
    metadata: JSON.stringify(metadata),
    actorId: metadata.actorId ?? null,
    occurredAt: metadata.occurredAt,
  };
}

function settle({ append, resolve, reject }: PendingAppend, outcome: WireOutcome): void {
  if ('ok' in outcome) return resolve(outcome.ok);
  if ('conflict' in outcome) {
    const { expected, actual } = outcome.conflict;
    return reject(new WrongExpectedRevisionError(append.stream, expected, actual));
  }
  if ('partialRetry' in outcome) return reject(partialRetryError(append));
  const { message, ...fields } = outcome.error;
  reject(Object.assign(new Error(message), fields));
}

function partialRetryError({ stream, events }: WireAppend): Error {
  const ids = events.map((event) => event.id).join(', ');
  return new Error(`Cannot append to ${stream}: some but not all of the event ids [${ids}] are already stored in it`);
}
