import type { EventStore, ReadAllFilter, RecordedEvent } from '@tocsin/platform';
import { newEvent, uniqueStream } from './event-store-fixtures';

/** The global log as history screens read it: in order, filtered, paged both ways. */
export function readAllContract(store: () => EventStore): void {
  describe('readAll and headPosition', () => {
    const prefix = uniqueStream('history');
    const at = (hour: number) => `2026-03-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const a1 = newEvent('Opened', { n: 'a1' }, { actorId: 'u1', occurredAt: at(10) });
    const a2 = newEvent('Closed', { n: 'a2' }, { actorId: 'u2', occurredAt: at(11) });
    const b1 = newEvent('Opened', { n: 'b1' }, { actorId: 'u2', occurredAt: at(12) });
    const b2 = newEvent('Noted', { n: 'b2' }, { actorId: null, occurredAt: at(13) });
    let start: number | null;
    let positions: Map<string, number>;

    const ids = (events: RecordedEvent[]) => events.map((event) => event.id);
    const forwards = (filter: ReadAllFilter = {}, after = start, maxCount = 100) =>
      store().readAll({ after, maxCount, filter: { streamPrefix: prefix, ...filter } });

    beforeAll(async () => {
      start = await store().headPosition();
      await store().append(`${prefix}-a`, [a1, a2], 'no_stream');
      const last = await store().append(`${prefix}-b`, [b1, b2], 'no_stream');
      expect(await store().headPosition()).toBe(last.position);
      positions = new Map((await forwards()).map((event) => [event.id, event.position]));
    });

    it('returns events in global order with strictly increasing positions', async () => {
      const all = await forwards();
      expect(ids(all)).toEqual([a1.id, a2.id, b1.id, b2.id]);
      expect(all.map((event) => event.position)).toEqual([...all.map((event) => event.position)].sort((x, y) => x - y));
      expect(new Set(all.map((event) => event.position)).size).toBe(4);
      expect(all[3]).toMatchObject({
        stream: `${prefix}-b`,
        revision: 1,
        type: 'Noted',
        data: { n: 'b2' },
        metadata: b2.metadata,
      });
    });

    it('filters by stream prefix, event types, actor and occurrence time', async () => {
      expect(ids(await forwards({ streamPrefix: `${prefix}-b` }))).toEqual([b1.id, b2.id]);
      expect(ids(await forwards({ eventTypes: ['Opened'] }))).toEqual([a1.id, b1.id]);
      expect(ids(await forwards({ eventTypes: ['Opened', 'Noted'] }))).toEqual([a1.id, b1.id, b2.id]);
      expect(ids(await forwards({ actorId: 'u2' }))).toEqual([a2.id, b1.id]);
      expect(ids(await forwards({ from: at(11), to: at(12) }))).toEqual([a2.id, b1.id]);
      expect(ids(await forwards({ from: at(12) }))).toEqual([b1.id, b2.id]);
      expect(ids(await forwards({ eventTypes: ['Opened'], actorId: 'u2' }))).toEqual([b1.id]);
      expect(await forwards({ eventTypes: ['Nothing'] })).toEqual([]);
      expect(ids(await forwards({ excludeEventTypes: ['Opened'] }))).toEqual([a2.id, b2.id]);
      expect(ids(await forwards({ eventTypes: ['Opened', 'Noted'], excludeEventTypes: ['Noted'] }))).toEqual([
        a1.id,
        b1.id,
      ]);
    });

    it('pages forwards with after and maxCount', async () => {
      const first = await forwards({}, start, 3);
      expect(ids(first)).toEqual([a1.id, a2.id, b1.id]);
      expect(ids(await forwards({}, first[2].position, 3))).toEqual([b2.id]);
      expect(await forwards({}, positions.get(b2.id)!, 3)).toEqual([]);
    });

    it("reads one organization's events and no other's, both ways, by page and with the other filters", async () => {
      const [a, b] = [uniqueStream('org'), uniqueStream('org')];
      const tenants = uniqueStream('tenants');
      const ofA = [newEvent('Opened', {}, { orgId: a }), newEvent('Closed', {}, { orgId: a, actorId: 'u2' })];
      const ofB = [newEvent('Opened', {}, { orgId: b }), newEvent('Noted', {}, { orgId: b })];
      const last = newEvent('Noted', {}, { orgId: a });
      // interleaved in the log, one append each: a, b, a, b, a
      for (const [stream, event] of [
        [`${tenants}-x`, ofA[0]],
        [`${tenants}-y`, ofB[0]],
        [`${tenants}-x`, ofA[1]],
        [`${tenants}-y`, ofB[1]],
        [`${tenants}-z`, last],
      ] as const) {
        await store().append(stream, [event], 'any');
      }
      const [a1, a2, a3] = [...ofA, last].map((event) => event.id);
      const read = (
        orgId: string,
        options: Partial<Parameters<EventStore['readAll']>[0]> = {},
        filter: ReadAllFilter = {},
      ) =>
        store()
          .readAll({ after: null, maxCount: 100, ...options, filter: { ...filter, orgId } })
          .then(ids);

      expect(await read(a)).toEqual([a1, a2, a3]);
      expect(await read(b)).toEqual(ofB.map((event) => event.id));
      expect(await read(a, { direction: 'backwards' })).toEqual([a3, a2, a1]);
      const firstTwo = await store().readAll({ after: null, maxCount: 2, filter: { orgId: a } });
      expect(ids(firstTwo)).toEqual([a1, a2]);
      expect(await read(a, { after: firstTwo[1].position })).toEqual([a3]);
      const newest = await store().readAll({ after: null, maxCount: 1, filter: { orgId: a }, direction: 'backwards' });
      expect(ids(newest)).toEqual([a3]);
      expect(await read(a, { after: newest[0].position, direction: 'backwards' })).toEqual([a2, a1]);
      expect(await read(a, {}, { eventTypes: ['Opened', 'Noted'] })).toEqual([a1, a3]);
      expect(await read(a, { direction: 'backwards' }, { actorId: 'u2' })).toEqual([a2]);
      expect(await read(a, {}, { streamPrefix: `${tenants}-x`, excludeEventTypes: ['Opened'] })).toEqual([a2]);
      expect(await read(uniqueStream('org'))).toEqual([]);
    });

    it('pages backwards from the end and from a cursor', async () => {
      const backwards = (after: number | null, maxCount: number) =>
        store().readAll({ after, maxCount, direction: 'backwards', filter: { streamPrefix: prefix } });
      expect(ids(await backwards(null, 100))).toEqual([b2.id, b1.id, a2.id, a1.id]);
      expect(ids(await backwards(null, 1))).toEqual([b2.id]);
      expect(ids(await backwards(positions.get(b1.id)!, 100))).toEqual([a2.id, a1.id]);
      expect(await backwards(positions.get(a1.id)!, 100)).toEqual([]);
    });
  });
}
