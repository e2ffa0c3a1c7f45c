import {
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
} from './event-store.port';
import { SQLITE_CONSTRAINT_UNIQUE, sqliteErrorCode, type DatabaseSync, type StatementSync } from './node-sqlite';

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
  private readonly lastRevision: StatementSync;
  private readonly insert: StatementSync;
  private readonly findInStream: StatementSync;
  private readonly begin: StatementSync;
  private readonly commit: StatementSync;
  private readonly rollback: StatementSync;
  private readonly savepoint: StatementSync;
  private readonly release: StatementSync;
  private readonly rollbackToSavepoint: StatementSync;

  constructor(
    db: DatabaseSync,
    private readonly onCommitted: () => void,
  ) {
    // every statement is prepared once, here: a write runs no SQL parser
    this.lastRevision = db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream = ?');
    this.insert = db.prepare(
      `INSERT INTO events (id, stream, revision, type, data, metadata, actor_id, occurred_at, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.findInStream = db.prepare('SELECT revision, position FROM events WHERE stream = ? AND id = ?');
    // IMMEDIATE takes the write lock up front, so revision checks and inserts see the same log.
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.commit = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
    this.savepoint = db.prepare('SAVEPOINT append');
    this.release = db.prepare('RELEASE append');
    this.rollbackToSavepoint = db.prepare('ROLLBACK TO append');
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
      outcomes = this.writeBatch(batch);
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

  /** One transaction for the batch: committed whole, or rolled back whole when the commit itself fails. */
  private writeBatch(batch: PendingAppend[]): Outcome[] {
    this.begin.run();
    try {
      const outcomes = this.writeAll(batch);
      this.commit.run();
      return outcomes;
    } catch (error) {
      try {
        this.rollback.run();
      } catch {
        // SQLite already rolled the transaction back (an I/O error does): nothing is left open
      }
      throw error;
    }
  }

  /** One append inside its own savepoint, so a conflict or a duplicate id undoes that append alone. */
  private appendOne(append: PendingAppend, current: number, recordedAt: string): AppendResult {
    this.savepoint.run();
    try {
      const result = this.insertEvents(append, current, recordedAt);
      this.release.run();
      return result;
    } catch (error) {
      this.rollbackToSavepoint.run();
      this.release.run();
      throw error;
    }
  }

  private writeAll(batch: PendingAppend[]): Outcome[] {
    const recordedAt = new Date().toISOString();
    return batch.map((append) => {
      // Read inside the transaction, so it counts events written by earlier appends of this batch.
      const current = (this.lastRevision.get(append.stream) as { revision: number | null }).revision ?? NO_STREAM;
      if (!satisfies(append.expected, current)) {
        const actual = current === NO_STREAM ? 'no_stream' : current;
        return (
          this.retried(append) ?? { error: new WrongExpectedRevisionError(append.stream, append.expected, actual) }
        );
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
      const row = this.findInStream.get(stream, event.id) as unknown as
        { revision: number; position: number } | undefined;
      if (!row) return null;
      result.nextRevision = Math.max(result.nextRevision, row.revision);
      result.position = Math.max(result.position, row.position);
    }
    return { ok: result };
  }
}

/** Only the (stream, id) index can refuse an insert: the write lock keeps (stream, revision) free. */
function isUniqueViolation(error: unknown): boolean {
  return sqliteErrorCode(error) === SQLITE_CONSTRAINT_UNIQUE && String(error).includes('events.id');
}

function partialRetryError({ stream, events }: PendingAppend): Error {
  const ids = events.map((event) => event.id).join(', ');
  return new Error(`Cannot append to ${stream}: some but not all of the event ids [${ids}] are already stored in it`);
}
