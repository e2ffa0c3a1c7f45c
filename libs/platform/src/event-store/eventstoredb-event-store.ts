import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type Subscription,
  type SubscriptionHandler,
} from './event-store.port';
import {
  isSystemEvent,
  matchesFilter,
  toEventData,
  toExpectedRevision,
  toPosition,
  toRecordedEvent,
} from './eventstoredb-mapping';
import { EventStoreDbSubscription } from './eventstoredb-subscription';

/** The production event log: EventStoreDB over gRPC. */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly subscriptions = new Set<EventStoreDbSubscription>();

  private constructor(private readonly client: EventStoreDBClient) {}

  /** e.g. `esdb://localhost:2113?tls=false`; the first call (or ping) opens the connection. */
  static connect(connectionString: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`Nothing to append to ${stream}`);
    try {
      const result = await this.client.appendToStream(stream, events.map(toEventData), {
        expectedRevision: toExpectedRevision(expected),
      });
      return { nextRevision: Number(result.nextExpectedRevision), position: Number(result.position?.commit ?? -1) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new WrongExpectedRevisionError(stream, expected, actual === 'no_stream' ? 'no_stream' : Number(actual));
      }
      throw error;
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

  async readAll({ after, maxCount, filter = {}, direction = 'forwards' }: ReadAllOptions): Promise<RecordedEvent[]> {
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

  async ping(): Promise<void> {
    await this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }).toArray();
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }
}
