import type { EventStore } from '@tocsin/platform';
import { Collector, newEvent, uniqueStream, waitFor } from './event-store-fixtures';

/** Catch-up subscriptions, as the projector uses them: history, then live, in order, once, one at a time. */
export function subscriptionContract(store: () => EventStore): void {
  describe('subscribeToAll', () => {
    it('delivers history then live events in global order, once each, awaiting the handler', async () => {
      const prefix = uniqueStream('subscribe');
      const start = await store().headPosition();
      const history = [newEvent('One'), newEvent('Two'), newEvent('Three')];
      await store().append(`${prefix}-a`, history, 'no_stream');

      const collector = new Collector();
      const subscription = store().subscribeToAll(start, collector);
      await waitFor(() => collector.caughtUp);
      expect(collector.inStream(prefix).map((event) => event.id)).toEqual(history.map((event) => event.id));

      const live = [newEvent('Four'), newEvent('Five')];
      await store().append(`${prefix}-b`, [live[0]], 'no_stream');
      await store().append(`${prefix}-a`, [live[1]], 2);
      await waitFor(() => collector.inStream(prefix).length === 5);
      await subscription.close();

      expect(collector.inStream(prefix).map((event) => event.id)).toEqual(
        [...history, ...live].map((event) => event.id),
      );
      const delivered = collector.events.map((event) => event.position);
      expect(delivered.every((position, i) => position > (i === 0 ? (start ?? -1) : delivered[i - 1]))).toBe(true);
      expect(collector.overlapped).toBe(false);
      expect(collector.error).toBeNull();
    });

    it('starts strictly after the given position', async () => {
      const stream = uniqueStream('subscribe-from');
      const [first, second, third] = [newEvent('One'), newEvent('Two'), newEvent('Three')];
      await store().append(stream, [first, second, third], 'no_stream');
      const [, atSecond] = await store().readStream(stream);

      const collector = new Collector();
      const subscription = store().subscribeToAll(atSecond.position, collector);
      await waitFor(() => collector.caughtUp && collector.inStream(stream).length === 1);
      await subscription.close();

      expect(collector.inStream(stream).map((event) => event.id)).toEqual([third.id]);
      expect(collector.events.every((event) => event.position > atSecond.position)).toBe(true);
    });

    it('stops at a failing handler and reports the error through onError', async () => {
      const stream = uniqueStream('subscribe-fail');
      const start = await store().headPosition();
      await store().append(stream, [newEvent('Fails'), newEvent('NeverSeen')], 'no_stream');
      const seen: string[] = [];
      const failures: Error[] = [];
      const subscription = store().subscribeToAll(start, {
        onEvent: (event) => {
          if (event.stream !== stream) return;
          seen.push(event.type);
          throw new Error('projection failed');
        },
        onError: (error) => failures.push(error),
      });
      await waitFor(() => failures.length > 0);
      await subscription.close();
      expect(failures.map((error) => error.message)).toEqual(['projection failed']);
      expect(seen).toEqual(['Fails']);
    });

    it('delivers nothing more after close', async () => {
      const stream = uniqueStream('subscribe-close');
      const start = await store().headPosition();
      const closing = new Collector();
      const staying = new Collector();
      const closed = store().subscribeToAll(start, closing);
      const open = store().subscribeToAll(start, staying);
      await store().append(stream, [newEvent('Before')], 'no_stream');
      await waitFor(() => closing.inStream(stream).length === 1 && staying.inStream(stream).length === 1);

      await closed.close();
      await store().append(stream, [newEvent('After')], 0);
      // the subscription still open is the witness that the event was published
      await waitFor(() => staying.inStream(stream).length === 2);
      await open.close();
      expect(closing.inStream(stream).map((event) => event.type)).toEqual(['Before']);
    });
  });
}
