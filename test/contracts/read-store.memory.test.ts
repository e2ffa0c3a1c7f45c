import { MemoryReadStore } from '@tocsin/platform';
import { readStoreContract } from './read-store.contract';

readStoreContract('MemoryReadStore', async () => new MemoryReadStore());

describe('MemoryReadStore full scans', () => {
  it('are counted only for queries no declared index (nor the tenant or an id) serves', async () => {
    const store = new MemoryReadStore();
    await store.ensureIndexes('entries', [{ keys: { kind: 1, address: 1, position: -1 } }]);
    await store.commit('entries-view', { position: 1, version: 1 }, [
      { op: 'put', collection: 'entries', doc: { _id: 'a', orgId: 'o1', kind: 'sms', address: '+1', position: 1 } },
      { op: 'put', collection: 'entries', doc: { _id: 'b', orgId: 'o2', kind: 'sms', address: '+2', position: 2 } },
    ]);
    await store.find('entries', { kind: 'sms', address: '+2' }, { sort: { position: -1 } });
    await store.find('entries', { kind: 'sms' });
    await store.find('entries', { orgId: 'o1', position: { $gt: 0 } });
    await store.findOne('entries', { _id: 'a' });
    await store.count('entries');
    expect(store.fullScans()).toEqual({});

    // an address alone is not a prefix of the index, nor is a range
    await store.find('entries', { address: '+1' });
    await store.find('entries', { position: { $gt: 1 } });
    expect(store.fullScans()).toEqual({ entries: 2 });
  });
});
