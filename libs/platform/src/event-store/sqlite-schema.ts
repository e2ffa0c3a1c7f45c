import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from './node-sqlite';

/**
 * actor_id and occurred_at copy two metadata fields into columns so history filters run on indexes
 * instead of parsing every event's JSON. Event ids are unique per stream, as in EventStoreDB: an index
 * led by the stream keeps one append's index writes on a few pages, where a global index of random
 * UUIDs dirtied a page per event and cut batched throughput by more than half. events_by_org indexes the
 * organization in the metadata (an index on the expression, so logs written before it need no new column):
 * reads of one tenant's history, and a view replayed "as of" for it, read that tenant's events only.
 */
const schema = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY,
  id          TEXT    NOT NULL,
  stream      TEXT    NOT NULL,
  revision    INTEGER NOT NULL,
  type        TEXT    NOT NULL,
  data        TEXT    NOT NULL,
  metadata    TEXT    NOT NULL,
  actor_id    TEXT,
  occurred_at TEXT    NOT NULL,
  recorded_at TEXT    NOT NULL,
  UNIQUE (stream, revision),
  UNIQUE (stream, id)
);
CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
CREATE INDEX IF NOT EXISTS events_by_actor ON events (actor_id, position);
CREATE INDEX IF NOT EXISTS events_by_occurred_at ON events (occurred_at, position);
CREATE INDEX IF NOT EXISTS events_by_org ON events (json_extract(metadata, '$.orgId'), position);
`;

/** What every connection to the log sets, the process's own and its writer thread's (sqlite-writer-thread.ts). */
export const CONNECTION_PRAGMAS = [
  // FULL syncs the WAL on every commit: an append resolves only once its events survive a power cut.
  'PRAGMA synchronous = FULL',
  // Another process (a projector, a second api) may hold the write lock for a moment.
  'PRAGMA busy_timeout = 5000',
];

export function openEventDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  for (const pragma of CONNECTION_PRAGMAS) db.exec(pragma);
  db.exec(schema);
  return db;
}
