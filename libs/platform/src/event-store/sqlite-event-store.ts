import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
  Subscription,
  SubscriptionHandler,
} from './event-store.port';
import type { DatabaseSync, StatementSync } from './node-sqlite';
import { SqliteGroupCommit } from './sqlite-group-commit';
import { SqliteEventQueries } from './sqlite-queries';
import { openEventDatabase } from './sqlite-schema';
import { SqliteSubscription } from './sqlite-subscription';

export interface SqliteEventStoreOptions {
  /** Path of the database file (created with its folder when missing). */
  file: string;
  /** How often subscriptions look for events committed by another process. */
  pollIntervalMs?: number;
}

/** The embedded event log: one SQLite file in WAL mode, shared by every process of one install. */
export class SqliteEventStore implements EventStore {
  readonly kind = 'sqlite' as const;
  private readonly writer: SqliteGroupCommit;
  private readonly queries: SqliteEventQueries;
  private readonly subscriptions = new Set<SqliteSubscription>();
  private readonly pingStatement: StatementSync;
  private closing = false;
  /** The last page read up to the log's end, for the subscriptions following it (readAfter). */
  private tail: { after: number; upTo: number; events: RecordedEvent[] } | null = null;

  private constructor(
    private readonly db: DatabaseSync,
    file: string,
    private readonly pollIntervalMs: number,
  ) {
    this.queries = new SqliteEventQueries(db);
    this.pingStatement = db.prepare('SELECT 1');
    // appends are written by a thread of their own, on its own connection (the schema is in place by now)
    this.writer = new SqliteGroupCommit(file, () =>
      this.subscriptions.forEach((subscription) => subscription.notify()),
    );
  }

  static open({ file, pollIntervalMs = 200 }: SqliteEventStoreOptions): SqliteEventStore {
    return new SqliteEventStore(openEventDatabase(file), file, pollIntervalMs);
  }

  /** Commits and appends written so far; lets tests see that concurrent appends share a commit. */
  stats(): { commits: number; appends: number } {
    return this.writer.stats();
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.closing) throw new Error('The event store is closed');
    if (events.length === 0) throw new Error(`Nothing to append to ${stream}`);
    return this.writer.enqueue(stream, events, expected);
  }

  async readStream(
    stream: string,
    options: { fromRevision?: number; maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    return this.queries.readStream(stream, options.fromRevision, options.maxCount);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.queries.readAll(options);
  }

  async headPosition(): Promise<number | null> {
    return this.queries.headPosition();
  }

  subscribeToAll(after: number | null, handler: SubscriptionHandler): Subscription {
    if (this.closing) throw new Error('The event store is closed');
    const subscription = new SqliteSubscription(
      (from, maxCount) => this.readAfter(from, maxCount),
      handler,
      this.pollIntervalMs,
      (closed) => this.subscriptions.delete(closed),
    );
    this.subscriptions.add(subscription);
    subscription.start(after);
    return subscription;
  }

  /**
   * A subscription's next page. The last page that reached the log's end is kept and served to the others while
   * the log has nothing newer: one process follows the log with ten subscriptions (the projections, the reactors,
   * the live rooms), and each read and parsed every new commit on its own (a tenth of a paging storm's event loop).
   * Subscribers share the events they are handed, as the in-process read store's documents are shared: never changed.
   */
  private readAfter(after: number | null, maxCount: number): RecordedEvent[] {
    const from = after ?? 0;
    const tail = this.tail;
    // the log's end is where the kept page ends: nothing was committed after it (here or by another process)
    if (tail && from >= tail.after && from <= tail.upTo && this.queries.headPosition() === tail.upTo) {
      let start = 0;
      while (start < tail.events.length && tail.events[start].position <= from) start += 1;
      return tail.events.slice(start, start + maxCount);
    }
    const events = this.queries.readAll({ after, maxCount });
    // a whole page may stop short of the end: only a page that reached it is kept
    if (events.length < maxCount) this.tail = { after: from, upTo: events.at(-1)?.position ?? from, events };
    return events;
  }

  /** The organization index is a table index (events_by_org), kept by every append. */
  maintainIndexes(): Subscription {
    return { close: async () => undefined };
  }

  async ping(): Promise<void> {
    this.pingStatement.get();
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.writer.drain();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.writer.close();
    this.db.close();
  }
}
