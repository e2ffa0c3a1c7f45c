import type Database from 'better-sqlite3';
import { WrongExpectedRevisionError, type AppendResult, type ExpectedRevision, type NewEvent } from './event-store.port';

interface PendingAppend {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

type Outcome = { ok: AppendResult } | { error: unknown };

/** -1 stands for "no stream" inside the writer. */
const NO_STREAM = -1;

function satisfies(expected: ExpectedRevision, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === NO_STREAM;
  if (expected === 'stream_exists') return current !== NO_STREAM;
  return expected === current;
}

/**
 * Group commit: every append queued before the next turn of the event loop is written in one
 * transaction, so concurrent callers share one fsync. Each append is checked and inserted inside its
 * own savepoint, so a conflict or a duplicate id fails that append alone.
 */
export class SqliteGroupCommit {
  private queue: PendingAppend[] = [];
  private flushed: Promise<void> | null = null;
  private commitCount = 0;
  private appendCount = 0;
  private readonly lastRevision: Database.Statement;
  private readonly insert: Database.Statement;
  private readonly findInStream: Database.Statement;
  private readonly writeBatch: Database.Transaction<(batch: PendingAppend[]) => Outcome[]>;
  private readonly appendOne: Database.Transaction<(append: PendingAppend, current: number, at: string) => AppendResult>;

  constructor(
    db: Database.Database,
    private readonly onCommitted: () => void,
  ) {
    this.lastRevision = db.prepare('SELECT MAX(revision) FROM events WHERE stream = ?').pluck();
    this.insert = db.prepare(
      `INSERT INTO events (id, stream, revision, type, data, metadata, actor_id, occurred_at, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.findInStream = db.prepare('SELECT revision, position FROM events WHERE stream = ? AND id = ?');
    // better-sqlite3 turns a transaction nested in another into a savepoint.
    this.appendOne = db.transaction((append: PendingAppend, current: number, at: string) => this.insertEvents(append, current, at));
    this.writeBatch = db.transaction((batch: PendingAppend[]) => this.writeAll(batch));
  }

  stats(): { commits: number; appends: number } {
    return { commits: this.commitCount, appends: this.appendCount };
  }

  enqueue(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ stream, events, expected, resolve, reject });
      this.flushed ??= new Promise((done) => setImmediate(() => done(this.flush())));
    });
  }

  /** Resolves when every append queued so far is settled. */
  async drain(): Promise<void> {
    while (this.flushed) await this.flushed;
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    this.flushed = null;
    let outcomes: Outcome[];
    try {
      // IMMEDIATE takes the write lock up front, so revision checks and inserts see the same log.
      outcomes = this.writeBatch.immediate(batch);
      this.commitCount += 1;
      this.appendCount += batch.length;
    } catch (error) {
      outcomes = batch.map(() => ({ error }));
    }
    batch.forEach((append, i) => {
      const outcome = outcomes[i];
      if ('ok' in outcome) append.resolve(outcome.ok);
      else append.reject(outcome.error);
    });
    if (outcomes.some((outcome) => 'ok' in outcome)) this.onCommitted();
  }

  private writeAll(batch: PendingAppend[]): Outcome[] {
    const recordedAt = new Date().toISOString();
    return batch.map((append) => {
      // Read inside the transaction, so it counts events written by earlier appends of this batch.
      const current = (this.lastRevision.get(append.stream) as number | null) ?? NO_STREAM;
      if (!satisfies(append.expected, current)) {
        const actual = current === NO_STREAM ? 'no_stream' : current;
        return this.retried(append) ?? { error: new WrongExpectedRevisionError(append.stream, append.expected, actual) };
      }
      try {
        return { ok: this.appendOne(append, current, recordedAt) };
      } catch (error) {
        if (!isUniqueViolation(error)) return { error };
        return this.retried(append) ?? { error: partialRetryError(append) };
      }
    });
  }

  private insertEvents({ stream, events }: PendingAppend, current: number, recordedAt: string): AppendResult {
    let revision = current;
    let position = 0;
    for (const event of events) {
      revision += 1;
      const { metadata } = event;
      position = Number(
        this.insert.run(
          event.id,
          stream,
          revision,
          event.type,
          JSON.stringify(event.data ?? null),
          JSON.stringify(metadata),
          metadata.actorId ?? null,
          metadata.occurredAt,
          recordedAt,
        ).lastInsertRowid,
      );
    }
    return { nextRevision: revision, position };
  }

  /** An idempotent retry: every id is already in this stream, so report where they are and write nothing. */
  private retried({ stream, events }: PendingAppend): Outcome | null {
    const result: AppendResult = { nextRevision: NO_STREAM, position: 0 };
    for (const event of events) {
      const row = this.findInStream.get(stream, event.id) as { revision: number; position: number } | undefined;
      if (!row) return null;
      result.nextRevision = Math.max(result.nextRevision, row.revision);
      result.position = Math.max(result.position, row.position);
    }
    return { ok: result };
  }
}

/** Only the (stream, id) index can refuse an insert: the write lock keeps (stream, revision) free. */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' && String(error).includes('events.id');
}

function partialRetryError({ stream, events }: PendingAppend): Error {
  const ids = events.map((event) => event.id).join(', ');
  return new Error(`Cannot append to ${stream}: some but not all of the event ids [${ids}] are already stored in it`);
}
