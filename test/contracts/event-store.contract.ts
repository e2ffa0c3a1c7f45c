import type { EventStore } from '@tocsin/platform';
import { conflictOf, newEvent, uniqueStream } from './event-store-fixtures';
import { readAllContract } from './event-store-read-all.contract';
import { subscriptionContract } from './event-store-subscription.contract';

/** What every event store adapter must do; each test writes only to its own uniquely named streams. */
export function eventStoreContract(name: string, open: () => Promise<EventStore>): void {
  describe(name, () => {
    let store: EventStore;
    const events = () => store;

    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store?.close());

    it('answers a ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('reads back appended events with their metadata and revisions 0..n', async () => {
      const stream = uniqueStream();
      const written = [newEvent('A', { n: 1 }), newEvent('B', { n: 2 }, { actorId: null }), newEvent('C', { n: 3 })];
      const result = await store.append(stream, written, 'no_stream');
      const read = await store.readStream(stream);
      expect(
        read.map(({ id, stream: s, type, revision, data, metadata }) => ({
          id,
          stream: s,
          type,
          revision,
          data,
          metadata,
        })),
      ).toEqual(written.map((event, revision) => ({ ...event, stream, revision })));
      expect(result).toEqual({ nextRevision: 2, position: read[2].position });
      expect(read[0].position).toBeLessThan(read[1].position);
      expect(read[1].position).toBeLessThan(read[2].position);
      expect(Number.isNaN(Date.parse(read[0].recordedAt))).toBe(false);
      expect((await store.readStream(stream, { fromRevision: 1, maxCount: 1 })).map((e) => e.type)).toEqual(['B']);
    });

    it('reads a stream that does not exist as empty', async () => {
      expect(await store.readStream(uniqueStream())).toEqual([]);
    });

    it('checks the expected revision: any, no_stream, stream_exists and an exact number', async () => {
      const stream = uniqueStream();
      expect(await conflictOf(store.append(stream, [newEvent('A')], 'stream_exists'))).toMatchObject({
        stream,
        expected: 'stream_exists',
        actual: 'no_stream',
      });
      expect((await store.append(stream, [newEvent('A')], 'no_stream')).nextRevision).toBe(0);
      expect(await conflictOf(store.append(stream, [newEvent('B')], 'no_stream'))).toMatchObject({
        expected: 'no_stream',
        actual: 0,
      });
      expect((await store.append(stream, [newEvent('B')], 'stream_exists')).nextRevision).toBe(1);
      expect((await store.append(stream, [newEvent('C'), newEvent('D')], 1)).nextRevision).toBe(3);
      expect(await conflictOf(store.append(stream, [newEvent('E')], 1))).toMatchObject({
        stream,
        expected: 1,
        actual: 3,
      });
      expect((await store.append(stream, [newEvent('E')], 'any')).nextRevision).toBe(4);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D', 'E']);
    });

    it('treats a retried append of the same event ids as done, writing nothing', async () => {
      const stream = uniqueStream();
      const batch = [newEvent('A'), newEvent('B')];
      const first = await store.append(stream, batch, 'no_stream');
      expect(await store.append(stream, batch, 'no_stream')).toEqual(first);
      await store.append(stream, [newEvent('C')], 1);
      const retried = await store.append(stream, batch, 'any');
      expect(retried.nextRevision).toBe(1);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    it('accepts 500 concurrent appends to distinct streams and can read every one', async () => {
      const streams = Array.from({ length: 500 }, () => uniqueStream('burst'));
      const results = await Promise.all(streams.map((stream) => store.append(stream, [newEvent('A')], 'no_stream')));
      expect(results.every((result) => result.nextRevision === 0)).toBe(true);
      expect(new Set(results.map((result) => result.position)).size).toBe(500);
      const read = await Promise.all(streams.map((stream) => store.readStream(stream)));
      expect(read.map((events) => events.length)).toEqual(streams.map(() => 1));
    });

    it('lets exactly one of many concurrent appends at the same expected revision win', async () => {
      const stream = uniqueStream();
      await store.append(stream, [newEvent('Opened')], 'no_stream');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, () => store.append(stream, [newEvent('Racer')], 0)),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const losers = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      expect(losers.map((loser) => loser.reason)).toEqual(
        losers.map(() => expect.objectContaining({ stream, expected: 0, actual: 1 })),
      );
      expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1]);
    });

    readAllContract(events);
    subscriptionContract(events);
  });
}
