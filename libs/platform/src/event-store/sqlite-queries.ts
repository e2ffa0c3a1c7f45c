import type Database from 'better-sqlite3';
import type { RecordedEvent, ReadAllOptions } from './event-store.port';

const columns = 'position, id, stream, revision, type, data, metadata, recorded_at';

/** A row as better-sqlite3 returns it in raw mode, in the order of `columns` (no per-row key objects). */
type RawRow = [number, string, string, number, string, string, string, string];

export function toRecordedEvent([position, id, stream, revision, type, data, metadata, recordedAt]: RawRow): RecordedEvent {
  return { id, stream, type, revision, position, data: JSON.parse(data), metadata: JSON.parse(metadata), recordedAt };
}

/** Sorts after every string that starts with the prefix, so `stream >= p AND stream < p + MAX` uses the index. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

/** Reads of the log; readAll statements are built per filter shape and cached, filtering happens in SQL. */
export class SqliteEventQueries {
  private readonly byShape = new Map<string, Database.Statement>();
  private readonly streamStatement: Database.Statement;
  private readonly headStatement: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.streamStatement = db.prepare(
      `SELECT ${columns} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?`,
    ).raw(true);
    this.headStatement = db.prepare('SELECT MAX(position) FROM events').pluck();
  }

  readStream(stream: string, fromRevision = 0, maxCount = -1): RecordedEvent[] {
    return (this.streamStatement.all(stream, fromRevision, maxCount) as RawRow[]).map(toRecordedEvent);
  }

  headPosition(): number | null {
    return this.headStatement.get() as number | null;
  }

  readAll({ after, maxCount, filter = {}, direction = 'forwards' }: ReadAllOptions): RecordedEvent[] {
    const forwards = direction === 'forwards';
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: string, ...values: unknown[]) => {
      where.push(clause);
      params.push(...values);
    };
    if (after !== null) add(forwards ? 'position > ?' : 'position < ?', after);
    if (filter.streamPrefix) add('stream >= ? AND stream < ?', filter.streamPrefix, filter.streamPrefix + MAX_CHAR);
    if (filter.eventTypes) add('type IN (SELECT value FROM json_each(?))', JSON.stringify(filter.eventTypes));
    if (filter.actorId) add('actor_id = ?', filter.actorId);
    if (filter.orgId) add("json_extract(metadata, '$.orgId') = ?", filter.orgId);
    if (filter.from) add('occurred_at >= ?', filter.from);
    if (filter.to) add('occurred_at <= ?', filter.to);
    const sql =
      `SELECT ${columns} FROM events` +
      (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
      ` ORDER BY position ${forwards ? 'ASC' : 'DESC'} LIMIT ?`;
    let statement = this.byShape.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql).raw(true);
      this.byShape.set(sql, statement);
    }
    return (statement.all(...params, maxCount) as RawRow[]).map(toRecordedEvent);
  }
}
