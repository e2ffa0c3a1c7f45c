import { BACKWARDS, END, EventStoreDBClient, FORWARDS, START, StreamNotFoundError } from '@eventstore/db-client';
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
import {
  asConflict,
  isSystemEvent,
  matchesFilter,
  toEventData,
  toExpectedRevision,
  toPosition,
  toRecordedEvent,
} from './eventstoredb-mapping';
import {
  EventStoreDbOrgIndex,
  EventStoreDbOrgIndexFollower,
  type OrgIndexFollowerOptions,
} from './eventstoredb-org-index-follower';
import { DEFAULT_GAP_LIMIT, readOrganization } from './eventstoredb-org-index-read';
import { EventStoreDbSubscription } from './eventstoredb-subscription';

export interface EventStoreDbOptions extends OrgIndexFollowerOptions {
  /** How many events of `$all` a read for one organization scans for what its index lacks before refusing. */
  gapLimit?: number;
}

/** The production event log: EventStoreDB over gRPC. */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly subscriptions = new Set<Subscription>();
  private readonly orgIndex: EventStoreDbOrgIndex;

  private constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: EventStoreDbOptions,
  ) {
    this.orgIndex = new EventStoreDbOrgIndex(client);
  }

  /** e.g. `esdb://localhost:2113?tls=false`; the first call (or ping) opens the connection. */
  static connect(connectionString: string, options: EventStoreDbOptions = {}): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString), options);
  }

  /** Events of `$all` that reads for one organization scanned because its index had not linked them yet. */
  get unindexedEventsScanned(): number {
    return this.orgIndex.scanned;
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`Nothing to append to ${stream}`);
    try {
      const result = await this.client.appendToStream(stream, events.map(toEventData), {
        expectedRevision: toExpectedRevision(expected),
      });
      return { nextRevision: Number(result.nextExpectedRevision), position: Number(result.position?.commit ?? -1) };
    } catch (error) {
      throw asConflict(error, stream, expected);
    }
  }

  async readStream(
    stream: string,
    options: { fromRevision?: number; maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(stream, {
        direction: FORWARDS,
        fromRevision: options.fromRevision === undefined ? START : BigInt(options.fromRevision),
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      });
      for await (const resolved of read) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /**
   * One organization's events come from its own stream of links (see eventstoredb-org-index.ts), so the read
   * costs what that organization holds; any other read scans `$all`, filtering here.
   */
  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const { gapLimit = DEFAULT_GAP_LIMIT } = this.options;
    return options.filter?.orgId ? readOrganization(this.orgIndex, options, gapLimit) : this.scanAll(options);
  }

  private async scanAll({ after, maxCount, filter = {}, direction = 'forwards' }: ReadAllOptions) {
    const forwards = direction === 'forwards';
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    const read = this.client.readAll({
      direction: forwards ? FORWARDS : BACKWARDS,
      fromPosition: after === null ? (forwards ? START : END) : toPosition(after),
    });
    for await (const resolved of read) {
      if (!resolved.event || isSystemEvent(resolved.event)) continue;
      const event = toRecordedEvent(resolved.event, resolved.commitPosition);
      // The server's start position is inclusive; our cursor is not.
      if (after !== null && (forwards ? event.position <= after : event.position >= after)) continue;
      if (!matchesFilter(event, filter)) continue;
      events.push(event);
      if (events.length >= maxCount) break;
    }
    return events;
  }

  async headPosition(): Promise<number | null> {
    const [newest] = await this.readAll({ after: null, maxCount: 1, direction: 'backwards' });
    return newest?.position ?? null;
  }

  subscribeToAll(after: number | null, handler: SubscriptionHandler): Subscription {
    const subscription = new EventStoreDbSubscription(this.client, handler, (closed) =>
      this.subscriptions.delete(closed),
    );
    this.subscriptions.add(subscription);
    subscription.start(after, this.headPosition());
    return subscription;
  }

  maintainIndexes(onError: (error: Error) => void): Subscription {
    const follower = new EventStoreDbOrgIndexFollower(this.client, this.orgIndex, onError, this.options);
    this.subscriptions.add(follower);
    return {
      close: async () => {
        this.subscriptions.delete(follower);
        await follower.close();
      },
    };
  }

  async ping(): Promise<void> {
    await this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }).toArray();
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }
}
