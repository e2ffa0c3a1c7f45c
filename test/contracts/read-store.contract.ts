import { randomUUID } from 'node:crypto';
import type { ReadStore, ViewDocument, WriteOp } from '@tocsin/platform';

/**
 * What every read store must do, run against each adapter. Each test uses its own collections and
 * projection names and removes them afterwards, so the suite can share a server with anything else.
 */
export function readStoreContract(name: string, open: () => Promise<ReadStore>): void {
  describe(name, () => {
    let store: ReadStore;
    const used: Array<{ projection: string; collections: string[] }> = [];

    beforeAll(async () => {
      store = await open();
    });
    afterEach(async () => {
      for (const { projection, collections } of used.splice(0)) await store.reset(projection, collections);
    });
    afterAll(async () => {
      await store.close();
    });

    function names(collectionCount = 1): { projection: string; collections: string[] } {
      const suffix = randomUUID().slice(0, 8);
      const entry = {
        projection: `p_${suffix}`,
        collections: Array.from({ length: collectionCount }, (_, i) => `c${i}_${suffix}`),
      };
      used.push(entry);
      return entry;
    }
    const put = (collection: string, doc: ViewDocument): WriteOp => ({ op: 'put', collection, doc });
    const ids = (docs: ViewDocument[]): string[] => docs.map((doc) => doc._id);

    describe('queries with MongoDB semantics', () => {
      let c: string;
      beforeEach(async () => {
        const { projection, collections } = names();
        c = collections[0];
        await store.commit(projection, { position: 1, version: 1 }, [
          put(c, { _id: 'a', orgId: 'org1', priority: 'high', age: 30, owner: { team: 'db' }, tags: ['red'] }),
          put(c, { _id: 'b', orgId: 'org1', priority: 'low', age: 10, owner: { team: 'web' } }),
          put(c, { _id: 'c', orgId: 'org1', priority: 'high', age: 20, owner: { team: 'web' }, tags: ['blue', 'red'] }),
          put(c, { _id: 'd', orgId: 'org2', priority: 'high', age: 40, owner: { team: 'db' } }),
        ]);
      });

      it('filters by tenant, $in, $gt, nested fields, array members and missing fields', async () => {
        expect(ids(await store.find(c, { orgId: 'org1' }, { sort: { _id: 1 } }))).toEqual(['a', 'b', 'c']);
        expect(ids(await store.find(c, { orgId: 'org1', priority: { $in: ['high'] } }, { sort: { _id: 1 } }))).toEqual([
          'a',
          'c',
        ]);
        expect(ids(await store.find(c, { age: { $gt: 20 } }, { sort: { _id: 1 } }))).toEqual(['a', 'd']);
        expect(ids(await store.find(c, { 'owner.team': 'web' }, { sort: { _id: 1 } }))).toEqual(['b', 'c']);
        expect(ids(await store.find(c, { tags: 'red' }, { sort: { _id: 1 } }))).toEqual(['a', 'c']);
        expect(ids(await store.find(c, { tags: { $exists: false } }, { sort: { _id: 1 } }))).toEqual(['b', 'd']);
        expect(ids(await store.find(c, { _id: { $in: ['d', 'b', 'zz'] } }, { sort: { _id: 1 } }))).toEqual(['b', 'd']);
        expect(ids(await store.find(c, { _id: { $in: [/^a/, 'd'] } }, { sort: { _id: 1 } }))).toEqual(['a', 'd']);
        // $in on a plain field, on array members, and when the field is missing (null is listed)
        expect(
          ids(
            await store.find(c, { priority: { $in: ['low', 'none'] }, age: { $in: [10, 30] } }, { sort: { _id: 1 } }),
          ),
        ).toEqual(['b']);
        expect(ids(await store.find(c, { tags: { $in: ['blue', 'green'] } }, { sort: { _id: 1 } }))).toEqual(['c']);
        expect(ids(await store.find(c, { tags: { $in: [null, 'blue'] } }, { sort: { _id: 1 } }))).toEqual([
          'b',
          'c',
          'd',
        ]);
      });

      it('matches plain equalities as MongoDB does: types kept apart, array members, missing fields, -0', async () => {
        const { projection, collections } = names();
        const [e] = collections;
        await store.commit(projection, { position: 1, version: 1 }, [
          put(e, { _id: 'n1', orgId: 'o', n: 1, on: true, tags: ['x', 2] }),
          put(e, { _id: 'n2', orgId: 'o', n: '1', on: 'true', tags: 'x' }),
          put(e, { _id: 'n3', orgId: 'o', n: 0, on: false, tags: [['x']] }),
          put(e, { _id: 'n4', orgId: 'o' }),
          put(e, { _id: 'n5', orgId: 'p', n: 1, on: true }),
        ]);
        const found = async (filter: Record<string, unknown>, sort: Record<string, 1 | -1> = { _id: 1 }) =>
          ids(await store.find(e, { orgId: 'o', ...filter }, { sort }));
        expect(await found({ n: 1 })).toEqual(['n1']);
        expect(await found({ n: '1' })).toEqual(['n2']);
        expect(await found({ n: -0 })).toEqual(['n3']);
        expect(await found({ on: true })).toEqual(['n1']);
        expect(await found({ on: false })).toEqual(['n3']);
        expect(await found({ on: 'true' })).toEqual(['n2']);
        // an array's member matches; an array inside the array does not; a field no document has matches none
        expect(await found({ tags: 'x' })).toEqual(['n1', 'n2']);
        expect(await found({ tags: 2 })).toEqual(['n1']);
        expect(await found({ absent: 'x' })).toEqual([]);
        expect(await found({ n: 1, on: true })).toEqual(['n1']);
        expect(await found({ n: 1, on: false })).toEqual([]);
        expect(ids(await store.find(e, { orgId: 'o' }, { sort: { _id: -1 }, skip: 1, limit: 2 }))).toEqual([
          'n3',
          'n2',
        ]);
        expect(await store.count(e, { orgId: 'o', n: 1 })).toBe(1);
        // no order asked for: skip and limit still cut the matches (which ones is the store's to choose)
        const unordered = async (options: { skip?: number; limit?: number }) =>
          ids(await store.find(e, { orgId: 'o' }, options));
        const all = await unordered({});
        expect([...all].sort()).toEqual(['n1', 'n2', 'n3', 'n4']);
        expect(await unordered({ limit: 2 })).toHaveLength(2);
        expect(await unordered({ skip: 1 })).toHaveLength(3);
        expect(await unordered({ skip: 3, limit: 5 })).toHaveLength(1);
        expect(new Set([...(await unordered({ limit: 2 })), ...(await unordered({ skip: 2 }))]).size).toBe(4);
      });

      it('sorts on several keys, then skips and limits', async () => {
        const sorted = await store.find(c, {}, { sort: { priority: 1, age: -1 } });
        expect(ids(sorted)).toEqual(['d', 'a', 'c', 'b']);
        expect(ids(await store.find(c, {}, { sort: { 'owner.team': 1, age: 1 }, skip: 1, limit: 2 }))).toEqual([
          'd',
          'b',
        ]);
        expect(ids(await store.find(c, { orgId: 'org1' }, { sort: { age: 1 }, limit: 1 }))).toEqual(['b']);
      });

      it("sorts a tenant's documents as MongoDB does: numbers by value, strings by code unit, missing fields first", async () => {
        const { projection, collections } = names();
        const [e] = collections;
        await store.commit(projection, { position: 1, version: 1 }, [
          put(e, { _id: 'n1', orgId: 'o', n: 10, s: 'b', m: 2 }),
          put(e, { _id: 'n2', orgId: 'o', n: 9, s: 'B', m: 1 }),
          put(e, { _id: 'n3', orgId: 'o', n: -1.5, s: 'a' }),
          put(e, { _id: 'n4', orgId: 'o', n: 100, s: 'ab', m: 3 }),
          put(e, { _id: 'x', orgId: 'other', n: 0, s: '', m: 0 }),
        ]);
        const sorted = async (sort: Record<string, 1 | -1>, options: { skip?: number; limit?: number } = {}) =>
          ids(await store.find(e, { orgId: 'o' }, { sort, ...options }));
        expect(await sorted({ n: 1 })).toEqual(['n3', 'n2', 'n1', 'n4']);
        expect(await sorted({ n: -1 }, { skip: 1, limit: 2 })).toEqual(['n1', 'n2']);
        expect(await sorted({ s: 1 })).toEqual(['n2', 'n3', 'n4', 'n1']);
        expect(await sorted({ m: 1 })).toEqual(['n3', 'n2', 'n1', 'n4']);
      });

      it('finds one document or null and counts matches', async () => {
        expect(await store.findOne(c, { _id: 'c' })).toEqual({
          _id: 'c',
          orgId: 'org1',
          priority: 'high',
          age: 20,
          owner: { team: 'web' },
          tags: ['blue', 'red'],
        });
        expect(await store.findOne(c, { _id: 'c', orgId: 'org2' })).toBeNull();
        expect(await store.count(c)).toBe(4);
        expect(await store.count(c, { orgId: 'org1', age: { $gte: 20 } })).toBe(2);
        expect(await store.count(`${c}_absent`)).toBe(0);
        expect(await store.find(`${c}_absent`, { orgId: 'org1' })).toEqual([]);
      });

      it('returns only the fields asked for, and _id, with the same filter, sort and limit', async () => {
        const found = await store.find(c, { orgId: 'org1' }, { sort: { age: -1 }, limit: 2, fields: ['age', 'tags'] });
        expect(found).toEqual([
          { _id: 'a', age: 30, tags: ['red'] },
          { _id: 'c', age: 20, tags: ['blue', 'red'] },
        ]);
        // a field a document lacks is left out, not null; none asked for is the ids alone
        expect(await store.find(c, { _id: 'b' }, { fields: ['tags', 'priority'] })).toEqual([
          { _id: 'b', priority: 'low' },
        ]);
        expect(await store.find(c, { _id: 'd' }, { fields: [] })).toEqual([{ _id: 'd' }]);
        // copies too
        const [picked] = await store.find<ViewDocument & { tags: string[] }>(c, { _id: 'a' }, { fields: ['tags'] });
        picked.tags.push('green');
        expect(await store.findOne(c, { _id: 'a' })).toMatchObject({ tags: ['red'] });
      });

      it('returns copies: changing a result or a committed document does not change the store', async () => {
        const found = await store.findOne<ViewDocument & { owner: { team: string } }>(c, { _id: 'a' });
        found!.owner.team = 'changed';
        const [listed] = await store.find<ViewDocument & { tags: string[] }>(c, { _id: 'a' });
        listed.tags.push('green');
        const doc = { _id: 'e', orgId: 'org1', owner: { team: 'ops' } };
        await store.commit(names().projection, { position: 1, version: 1 }, [put(c, doc)]);
        doc.owner.team = 'changed';
        expect(await store.findOne(c, { _id: 'a' })).toMatchObject({ owner: { team: 'db' }, tags: ['red'] });
        expect(await store.findOne(c, { _id: 'e' })).toMatchObject({ owner: { team: 'ops' } });
      });
    });

    describe('declared indexes', () => {
      const indexes = [
        { keys: { orgId: 1, kind: 1, position: -1 } },
        { keys: { 'members.user.id': 1 } },
        { keys: { code: 1 }, unique: true },
      ] as const;

      it('answer what a query without them would: multikey, dotted through arrays, $in, types kept apart', async () => {
        const { projection, collections } = names();
        const [c] = collections;
        // made before any document, as the runner does, and again over documents already there
        await store.ensureIndexes(c, indexes);
        await store.commit(projection, { position: 1, version: 1 }, [
          put(c, { _id: 'a', orgId: 'org1', kind: 'sms', position: 1, code: 'A1', members: [{ user: { id: 'u1' } }] }),
          put(c, { _id: 'b', orgId: 'org1', kind: 'mail', position: 2, code: 'B2', members: [{ user: { id: 'u2' } }] }),
          put(c, { _id: 'c', orgId: ['org1', 'org2'], kind: 'sms', position: 3, code: 'C3', members: [] }),
          put(c, { _id: 'd', orgId: 'org2', kind: 1, position: 4, code: 'D4', members: [{ user: { id: 'u1' } }] }),
        ]);
        await store.ensureIndexes(c, indexes);
        const sorted = async (filter: Record<string, unknown>) =>
          ids(await store.find(c, filter, { sort: { _id: 1 } }));
        expect(await sorted({ orgId: 'org1', kind: 'sms' })).toEqual(['a', 'c']);
        expect(await sorted({ orgId: { $in: ['org2', 'org3'] }, kind: { $in: ['sms', 1] } })).toEqual(['c', 'd']);
        expect(await sorted({ orgId: 'org2', kind: '1' })).toEqual([]);
        expect(await sorted({ 'members.user.id': 'u1' })).toEqual(['a', 'd']);
        expect(await sorted({ code: 'B2', orgId: 'org1' })).toEqual(['b']);
        expect(await sorted({ code: { $in: [] } })).toEqual([]);
        expect(await store.count(c, { orgId: 'org1', kind: { $eq: 'sms' } })).toBe(2);

        // a rewrite moves a document between keys; a delete takes it out of them
        await store.commit(projection, { position: 2, version: 1 }, [
          put(c, { _id: 'a', orgId: 'org2', kind: 'sms', position: 1, code: 'A1', members: [{ user: { id: 'u3' } }] }),
          { op: 'delete', collection: c, id: 'd' },
        ]);
        expect(await sorted({ orgId: 'org1', kind: 'sms' })).toEqual(['c']);
        expect(await sorted({ orgId: 'org2', kind: 'sms' })).toEqual(['a', 'c']);
        expect(await sorted({ 'members.user.id': 'u1' })).toEqual([]);
        expect(await sorted({ 'members.user.id': { $in: ['u3'] } })).toEqual(['a']);
      });
    });

    describe('commits', () => {
      it('writes the documents and the checkpoint together', async () => {
        const {
          projection,
          collections: [c1, c2],
        } = names(2);
        expect(await store.checkpoint(projection)).toBeNull();
        const committed = await store.commit(projection, { position: 5, version: 3 }, [
          put(c1, { _id: 'x', n: 1 }),
          put(c2, { _id: 'y', n: 2 }),
        ]);
        expect(committed).toBe(true);
        expect(await store.find(c1)).toEqual([{ _id: 'x', n: 1 }]);
        expect(await store.find(c2)).toEqual([{ _id: 'y', n: 2 }]);
        expect(await store.checkpoint(projection)).toEqual({ position: 5, version: 3 });
      });

      it('ignores a redelivered position and an older one, changing nothing', async () => {
        const {
          projection,
          collections: [c],
        } = names();
        await store.commit(projection, { position: 7, version: 1 }, [put(c, { _id: 'x', n: 1 })]);
        expect(
          await store.commit(projection, { position: 7, version: 1 }, [
            put(c, { _id: 'x', n: 2 }),
            put(c, { _id: 'z' }),
          ]),
        ).toBe(false);
        expect(
          await store.commit(projection, { position: 6, version: 2 }, [{ op: 'delete', collection: c, id: 'x' }]),
        ).toBe(false);
        expect(await store.find(c)).toEqual([{ _id: 'x', n: 1 }]);
        expect(await store.checkpoint(projection)).toEqual({ position: 7, version: 1 });
        expect(await store.commit(projection, { position: 8, version: 1 }, [put(c, { _id: 'x', n: 3 })])).toBe(true);
        expect(await store.find(c)).toEqual([{ _id: 'x', n: 3 }]);
      });

      it('treats a null position as before every event', async () => {
        const {
          projection,
          collections: [c],
        } = names();
        expect(await store.commit(projection, { position: null, version: 2 }, [])).toBe(true);
        expect(await store.checkpoint(projection)).toEqual({ position: null, version: 2 });
        expect(await store.commit(projection, { position: null, version: 2 }, [put(c, { _id: 'x' })])).toBe(false);
        expect(await store.commit(projection, { position: 0, version: 2 }, [put(c, { _id: 'x' })])).toBe(true);
        expect(await store.commit(projection, { position: null, version: 2 }, [])).toBe(false);
        expect(await store.checkpoint(projection)).toEqual({ position: 0, version: 2 });
      });

      it('rejects a batch with an invalid op without writing any of it', async () => {
        const {
          projection,
          collections: [c],
        } = names();
        await store.commit(projection, { position: 1, version: 1 }, [put(c, { _id: 'x', n: 1 })]);
        const invalid = { op: 'put', collection: c, doc: { n: 3 } } as unknown as WriteOp;
        await expect(
          store.commit(projection, { position: 2, version: 1 }, [put(c, { _id: 'x', n: 2 }), invalid]),
        ).rejects.toThrow(/_id/);
        const hijack = put('_checkpoints', { _id: projection, position: 99, version: 1 });
        await expect(store.commit(projection, { position: 2, version: 1 }, [hijack])).rejects.toThrow(/_checkpoints/);
        expect(await store.find(c)).toEqual([{ _id: 'x', n: 1 }]);
        expect(await store.checkpoint(projection)).toEqual({ position: 1, version: 1 });
      });

      it('replaces whole documents, deletes, and applies ops in order', async () => {
        const {
          projection,
          collections: [c],
        } = names();
        await store.commit(projection, { position: 1, version: 1 }, [
          put(c, { _id: 'x', a: 1, b: 1 }),
          put(c, { _id: 'y' }),
        ]);
        await store.commit(projection, { position: 2, version: 1 }, [
          put(c, { _id: 'x', a: 2 }),
          { op: 'delete', collection: c, id: 'y' },
          { op: 'delete', collection: c, id: 'never-existed' },
          put(c, { _id: 'z', step: 1 }),
          { op: 'delete', collection: c, id: 'z' },
          { op: 'delete', collection: c, id: 'w' },
          put(c, { _id: 'w', step: 2 }),
        ]);
        expect(await store.find(c, {}, { sort: { _id: 1 } })).toEqual([
          { _id: 'w', step: 2 },
          { _id: 'x', a: 2 },
        ]);
      });

      it('keeps tenant queries right when a document moves tenant or belongs to several', async () => {
        const {
          projection,
          collections: [c],
        } = names();
        await store.commit(projection, { position: 1, version: 1 }, [
          put(c, { _id: 'x', orgId: 'org1' }),
          put(c, { _id: 'y', orgId: 'org1' }),
        ]);
        await store.commit(projection, { position: 2, version: 1 }, [
          put(c, { _id: 'x', orgId: 'org2' }),
          put(c, { _id: 'y' }),
          put(c, { _id: 'shared', orgId: ['org2', 'org3'] }),
        ]);
        expect(await store.find(c, { orgId: 'org1' })).toEqual([]);
        expect(ids(await store.find(c, { orgId: 'org2' }, { sort: { _id: 1 } }))).toEqual(['shared', 'x']);
        expect(await store.count(c, { orgId: 'org3' })).toBe(1);
      });
    });

    it('reset drops the named collections and the checkpoint, and nothing else', async () => {
      const {
        projection,
        collections: [c1, c2, kept],
      } = names(3);
      const other = names().projection;
      await store.commit(projection, { position: 9, version: 1 }, [
        put(c1, { _id: 'x' }),
        put(c2, { _id: 'y' }),
        put(kept, { _id: 'k' }),
      ]);
      await store.commit(other, { position: 4, version: 1 }, []);
      await store.reset(projection, [c1, c2]);
      expect(await store.count(c1)).toBe(0);
      expect(await store.find(c2)).toEqual([]);
      expect(await store.checkpoint(projection)).toBeNull();
      expect(await store.find(kept)).toEqual([{ _id: 'k' }]);
      expect(await store.checkpoint(other)).toEqual({ position: 4, version: 1 });
      // a rebuild starts over from the first event
      expect(await store.commit(projection, { position: 1, version: 2 }, [put(c1, { _id: 'x' })])).toBe(true);
    });

    it('answers a ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
