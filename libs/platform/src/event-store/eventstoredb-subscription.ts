import {
  START,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import type { Subscription, SubscriptionHandler } from './event-store.port';
import { isSystemEvent, toPosition, toRecordedEvent } from './eventstoredb-mapping';

/**
 * Catch-up subscription to $all. Iterating the gRPC stream with `for await` pulls the next event only
 * after the handler's promise settles, so events arrive one at a time and in order.
 * "Caught up" is judged against the head read at start, which works on every server version (the
 * server's own caughtUp message arrives before buffered events are handled, and only on newer servers).
 */
export class EventStoreDbSubscription implements Subscription {
  private closed = false;
  private stream: AllStreamSubscription | null = null;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly handler: SubscriptionHandler,
    private readonly onClosed: (subscription: EventStoreDbSubscription) => void,
  ) {}

  start(after: number | null, head: Promise<number | null>): void {
    this.run(after, head).catch((error: Error) => {
      const report = !this.closed;
      void this.close();
      // without onError the rejection stays unhandled: a projection must not stop silently
      if (report && this.handler.onError) this.handler.onError(error);
      else if (report) throw error;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onClosed(this);
    await this.stream?.unsubscribe();
  }

  private async run(after: number | null, headPosition: Promise<number | null>): Promise<void> {
    const head = await headPosition;
    let position = after;
    let live = false;
    const checkCaughtUp = () => {
      if (live || (head !== null && (position ?? -1) < head)) return;
      live = true;
      this.handler.onCaughtUp?.();
    };
    if (this.closed) return;
    checkCaughtUp();
    this.stream = this.client.subscribeToAll({
      fromPosition: after === null ? START : toPosition(after),
      filter: excludeSystemEvents(),
    });
    for await (const resolved of this.stream as AsyncIterable<AllStreamResolvedEvent>) {
      if (this.closed) return;
      if (!resolved.event || isSystemEvent(resolved.event)) continue;
      const event = toRecordedEvent(resolved.event, resolved.commitPosition);
      // Guards the start position (exclusive for us) and any redelivery after a reconnect.
      if (position !== null && event.position <= position) continue;
      await this.handler.onEvent(event);
      position = event.position;
      checkCaughtUp();
    }
  }
}
