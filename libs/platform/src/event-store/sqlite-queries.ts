import type { RecordedEvent, ReadAllOptions } from './event-store.port';
import type { DatabaseSync, StatementSync } from './node-sqlite';

const columns = 'position, id, stream, revision, type, data, metadata, recorded_at';

/** A row as node:sqlite returns it with setReturnArrays, in the order of `columns` (no per-row key objects). */
type RawRow = [number, string, string, number, string, string, string, string];

export function toRecordedEvent([
  position,
  id,
  stream,
  revision,
  type,
  data,
  metadata,
  recordedAt,
]: RawRow): RecordedEvent {
  return { id, stream, type, revision, position, data: JSON.parse(data), metadata: JSON.parse(metadata), recordedAt };
}

/** Sorts after every string that starts with the prefix, so `stream >= p AND stream < p + MAX` uses the index. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

/** Reads of the log; readAll statements are built per filter shape and cached, filtering happens in SQL. */
export class SqliteEventQueries {
  private readonly byShape = new Map<string, StatementSync>();
  private readonly streamStatement: StatementSync;
  private readonly headStatement: StatementSync;

  constructor(private readonly db: DatabaseSync) {
    this.streamStatement = arrays(
      db.prepare(`SELECT ${columns} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?`),
    );
    this.headStatement = arrays(db.prepare('SELECT MAX(position) FROM events'));
  }

  readStream(stream: string, fromRevision = 0, maxCount = -1): RecordedEvent[] {
    return (this.streamStatement.all(stream, fromRevision, maxCount) as unknown as RawRow[]).map(toRecordedEvent);
  }

  headPosition(): number | null {
    const [head] = this.headStatement.get() as unknown as [number | null];
    return head;
  }

  readAll({ after, maxCount, filter = {}, direction = 'forwards' }: ReadAllOptions): RecordedEvent[] {
    const forwards = direction === 'forwards';
    const where: string[] = [];
    const params: Array<string | number> = [];
    const add = (clause: string, ...values: Array<string | number>) => {
      where.push(clause);
      params.push(...values);
    };
    if (after !== null) add(forwards ? 'position > ?' : 'position < ?', after);
    if (filter.streamPrefix) add('stream >= ? AND stream < ?', filter.streamPrefix, filter.streamPrefix + MAX_CHAR);
    if (filter.eventTypes) add('type IN (SELECT value FROM json_each(?))', JSON.stringify(filter.eventTypes));
    if (filter.excludeEventTypes?.length)
      add('type NOT IN (SELECT value FROM json_each(?))', JSON.stringify(filter.excludeEventTypes));
    if (filter.actorId) add('actor_id = ?', filter.actorId);
    if (filter.orgId) add("json_extract(metadata, '$.orgId') = ?", filter.orgId);
    if (filter.from) add('occurred_at >= ?', filter.from);
    if (filter.to) add('occurred_at <= ?', filter.to);
    // a tenant's reads walk its own events, never the whole log's, whatever other tenants wrote
    const sql =
      `SELECT ${columns} FROM events${filter.orgId ? ' INDEXED BY events_by_org' : ''}` +
      (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
      ` ORDER BY position ${forwards ? 'ASC' : 'DESC'} LIMIT ?`;
    let statement = this.byShape.get(sql);
    if (!statement) {
      statement = arrays(this.db.prepare(sql));
      this.byShape.set(sql, statement);
    }
    return (statement.all(...params, maxCount) as unknown as RawRow[]).map(toRecordedEvent);
  }
}

/** Rows as arrays in column order: no key object per row. */
function arrays(statement: StatementSync): StatementSync {
  statement.setReturnArrays(true);
  return statement;
}
