import { BACKWARDS, END, EventStoreDBClient, FORWARDS, START, StreamNotFoundError } from '@eventstore/db-client';
import type { NewEvent } from '@tocsin/platform';
import { EventStoreDbEventStore } from '../../libs/platform/src/event-store/eventstoredb-event-store';
import {
  ORG_INDEX_STREAM,
  checkpointOf,
  orgIndexStream,
} from '../../libs/platform/src/event-store/eventstoredb-org-index';
import { describeWhen } from '../support/describe-when';
import { newEvent, uniqueStream } from './event-store-fixtures';
import { eventStoreContract } from './event-store.contract';

const url = process.env.EVENTSTORE_URL;

describeWhen(!!url, 'EventStoreDB event store contract', 'EVENTSTORE_URL is not set', () => {
  // the organization index follows the log meanwhile (closed with the store), so reads for one organization
  // mix links and the part of the log not linked yet
  const contractFailures: Error[] = [];
  eventStoreContract('EventStoreDbEventStore', async () => {
    const store = EventStoreDbEventStore.connect(url!, { checkpointEveryMs: 20 });
    store.maintainIndexes((error) => contractFailures.push(error));
    return store;
  });
  afterAll(() => expect(contractFailures).toEqual([]));

  describe("EventStoreDB's organization index", () => {
    let store: EventStoreDbEventStore;
    let client: EventStoreDBClient;
    const failures: Error[] = [];
    const follow = () => store.maintainIndexes((error) => failures.push(error));

    beforeAll(() => {
      store = EventStoreDbEventStore.connect(url!, { checkpointEveryMs: 20 });
      client = EventStoreDBClient.connectionString(url!);
    });
    afterAll(async () => {
      await store.close();
      await client.dispose();
    });
    afterEach(() => expect(failures).toEqual([]));

    /** The organization stream's links as written: `revision@stream`, in order. */
    async function linksOf(orgId: string): Promise<string[]> {
      try {
        const read = await client
          .readStream(orgIndexStream(orgId), { direction: FORWARDS, fromRevision: START })
          .toArray();
        return read.map(({ event }) => Buffer.from(event!.data as Uint8Array).toString('utf8'));
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
    }

    const checkpoint = async () => checkpointOf((await client.getStreamMetadata(ORG_INDEX_STREAM)).metadata);

    /** Waits until the follower's checkpoint covers `position`. */
    async function linkedUpTo(position: number): Promise<void> {
      const deadline = Date.now() + 15_000;
      while (((await checkpoint()) ?? -1) < position) {
        if (Date.now() > deadline) throw new Error(`the follower's checkpoint never reached ${position}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    async function appendEach(entries: Array<[string, NewEvent]>): Promise<number> {
      let position = -1;
      for (const [stream, event] of entries) position = (await store.append(stream, [event], 'any')).position;
      return position;
    }

    it("links each organization's events into its own stream once, and reads one without the other's", async () => {
      const [a, b] = [uniqueStream('org'), uniqueStream('org')];
      const [alert, busy] = [uniqueStream('alert'), uniqueStream('busy')];
      const ofA = [newEvent('Opened', {}, { orgId: a }), newEvent('Noted', {}, { orgId: a })];
      const ofB = Array.from({ length: 100 }, () => newEvent('Noted', {}, { orgId: b }));
      const indexing = follow();
      const last = await appendEach([
        [alert, ofA[0]],
        ...ofB.slice(0, 50).map((event): [string, NewEvent] => [busy, event]),
        [alert, ofA[1]],
        ...ofB.slice(50).map((event): [string, NewEvent] => [busy, event]),
      ]);
      await linkedUpTo(last);
      await indexing.close();

      expect(await linksOf(a)).toEqual([`0@${alert}`, `1@${alert}`]);
      expect(await linksOf(b)).toEqual(ofB.map((_, revision) => `${revision}@${busy}`));
      const scanned = store.unindexedEventsScanned;
      const read = await store.readAll({ after: null, maxCount: 100, filter: { orgId: a } });
      expect(read.map((event) => event.id)).toEqual(ofA.map((event) => event.id));
      // the events as the log has them, at their positions in $all
      expect(read).toEqual(await store.readAll({ after: null, maxCount: 10, filter: { streamPrefix: alert } }));
      expect(
        (await store.readAll({ after: null, maxCount: 1, filter: { orgId: a }, direction: 'backwards' }))[0].id,
      ).toBe(ofA[1].id);
      // a caught-up index reads none of b's hundred events for a
      expect(store.unindexedEventsScanned - scanned).toBe(0);
      // the links are the server's own events: no reader of the log sees them
      expect(await store.readAll({ after: null, maxCount: 10, filter: { streamPrefix: orgIndexStream('') } })).toEqual(
        [],
      );
    });

    it('started again from an older checkpoint (a crash before writing it), writes no link twice and loses none', async () => {
      const a = uniqueStream('org');
      const alert = uniqueStream('alert');
      const [newest] = await client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }).toArray();
      const before = Number(newest?.event?.position?.commit ?? 0);
      let indexing = follow();
      await linkedUpTo(
        await appendEach([
          [alert, newEvent('Opened', {}, { orgId: a })],
          [alert, newEvent('Noted', {}, { orgId: a })],
        ]),
      );
      await indexing.close();
      // written while no follower runs
      const stopped = await appendEach([[alert, newEvent('Closed', {}, { orgId: a })]]);
      // as if the follower had crashed before any checkpoint of the events above was written
      await client.setStreamMetadata(ORG_INDEX_STREAM, { checkpoint: before });

      indexing = follow();
      await linkedUpTo(stopped);
      await indexing.close();
      expect(await linksOf(a)).toEqual([`0@${alert}`, `1@${alert}`, `2@${alert}`]);
      expect((await store.readAll({ after: null, maxCount: 10, filter: { orgId: a } })).map((e) => e.type)).toEqual([
        'Opened',
        'Noted',
        'Closed',
      ]);
    });
  });
});
