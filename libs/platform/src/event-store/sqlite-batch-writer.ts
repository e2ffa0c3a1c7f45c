import type { AppendResult, ExpectedRevision } from './event-store.port';
import type { DatabaseSync } from './node-sqlite';

/** One append as it crosses to the writer thread: its events' JSON is written on the caller's side. */
export interface WireAppend {
  stream: string;
  expected: ExpectedRevision;
  events: Array<{
    id: string;
    type: string;
    data: string;
    metadata: string;
    actorId: string | null;
    occurredAt: string;
  }>;
}

/** An error as it crosses back: node:sqlite's fields kept, so callers still read `errcode`. */
export interface WireError {
  message: string;
  code?: string;
  errcode?: number;
  errstr?: string;
}

export type WireOutcome =
  | { ok: AppendResult }
  | { conflict: { expected: ExpectedRevision; actual: number | 'no_stream' } }
  /** Some but not all of the append's event ids are already in its stream. */
  | { partialRetry: true }
  | { error: WireError };

export interface BatchResult {
  /** False when the transaction itself failed: then every outcome is that failure and nothing was written. */
  committed: boolean;
  outcomes: WireOutcome[];
}

/**
 * Writes one batch of appends in one transaction (so they share one fsync), each append checked and inserted inside
 * its own savepoint, so a conflict or a duplicate id fails that append alone.
 *
 * It runs in the writer thread as source text (sqlite-writer-thread.ts), so it uses nothing from outside its own
 * body: no imported value, no module-level helper (types only).
 */
export function sqliteBatchWriter(db: DatabaseSync): { write(batch: WireAppend[]): BatchResult } {
  /** -1 stands for "no stream" inside the writer. */
  const NO_STREAM = -1;
  /** SQLite's extended result code for a UNIQUE constraint (SQLITE_CONSTRAINT_UNIQUE). */
  const CONSTRAINT_UNIQUE = 2067;
  // every statement is prepared once, here: a write runs no SQL parser
  const lastRevision = db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream = ?');
  const insert = db.prepare(
    `INSERT INTO events (id, stream, revision, type, data, metadata, actor_id, occurred_at, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const findInStream = db.prepare('SELECT revision, position FROM events WHERE stream = ? AND id = ?');
  // IMMEDIATE takes the write lock up front, so revision checks and inserts see the same log.
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  const savepoint = db.prepare('SAVEPOINT append');
  const release = db.prepare('RELEASE append');
  const rollbackToSavepoint = db.prepare('ROLLBACK TO append');

  const wireError = (error: unknown): WireError => {
    const { code, errcode, errstr } = (error ?? {}) as WireError;
    return { message: error instanceof Error ? error.message : String(error), code, errcode, errstr };
  };

  const satisfies = (expected: ExpectedRevision, current: number) => {
    if (expected === 'any') return true;
    if (expected === 'no_stream') return current === NO_STREAM;
    if (expected === 'stream_exists') return current !== NO_STREAM;
    return expected === current;
  };

  /** An idempotent retry: every id is already in this stream, so report where they are and write nothing. */
  const retried = ({ stream, events }: WireAppend): WireOutcome | null => {
    const result: AppendResult = { nextRevision: NO_STREAM, position: 0 };
    for (const event of events) {
      const row = findInStream.get(stream, event.id) as unknown as { revision: number; position: number } | undefined;
      if (!row) return null;
      result.nextRevision = Math.max(result.nextRevision, row.revision);
      result.position = Math.max(result.position, row.position);
    }
    return { ok: result };
  };

  const insertEvents = ({ stream, events }: WireAppend, current: number, recordedAt: string): AppendResult => {
    let revision = current;
    let position = 0;
    for (const event of events) {
      revision += 1;
      const row = [event.id, stream, revision, event.type, event.data, event.metadata, event.actorId, event.occurredAt];
      position = Number(insert.run(...row, recordedAt).lastInsertRowid);
    }
    return { nextRevision: revision, position };
  };

  const appendOne = (append: WireAppend, current: number, recordedAt: string): AppendResult => {
    savepoint.run();
    try {
      const result = insertEvents(append, current, recordedAt);
      release.run();
      return result;
    } catch (error) {
      rollbackToSavepoint.run();
      release.run();
      throw error;
    }
  };

  /** Only the (stream, id) index can refuse an insert: the write lock keeps (stream, revision) free. */
  const isUniqueViolation = (error: unknown) =>
    (error as { errcode?: number } | null)?.errcode === CONSTRAINT_UNIQUE && String(error).includes('events.id');

  const writeAll = (batch: WireAppend[]): WireOutcome[] => {
    const recordedAt = new Date().toISOString();
    return batch.map((append) => {
      // Read inside the transaction, so it counts events written by earlier appends of this batch.
      const current = (lastRevision.get(append.stream) as { revision: number | null }).revision ?? NO_STREAM;
      if (!satisfies(append.expected, current)) {
        const actual = current === NO_STREAM ? 'no_stream' : current;
        return retried(append) ?? { conflict: { expected: append.expected, actual } };
      }
      try {
        return { ok: appendOne(append, current, recordedAt) };
      } catch (error) {
        if (!isUniqueViolation(error)) return { error: wireError(error) };
        return retried(append) ?? { partialRetry: true };
      }
    });
  };

  return {
    /** One transaction for the batch: committed whole, or rolled back whole when the commit itself fails. */
    write(batch) {
      try {
        begin.run();
      } catch (error) {
        return { committed: false, outcomes: batch.map(() => ({ error: wireError(error) })) };
      }
      try {
        const outcomes = writeAll(batch);
        commit.run();
        return { committed: true, outcomes };
      } catch (error) {
        try {
          rollback.run();
        } catch {
          // SQLite already rolled the transaction back (an I/O error does): nothing is left open
        }
        return { committed: false, outcomes: batch.map(() => ({ error: wireError(error) })) };
      }
    },
  };
}
