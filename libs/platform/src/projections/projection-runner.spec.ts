import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewEvent, EventStore } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { MemoryReadStore } from '../read-store/memory-read-store';
import type { ViewDocument } from '../read-store/read-store.port';
import { applyBatch } from './apply-batch';
import type { Projection, ViewChange } from './projection';
import { ProjectionRunner } from './projection-runner';

let seq = 0;
function policyEvent(type: string, data: Record<string, unknown>): NewEvent {
  seq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    type,
    data,
    metadata: {
      orgId: 'org-1',
      actorId: 'u1',
      commandId: `c${seq}`,
      correlationId: `c${seq}`,
      causationId: `c${seq}`,
      occurredAt: '2026-01-01T00:00:00.000Z',
      schemaVersion: 1,
    },
  };
}
const created = (id: string, max_delay = 'PT5M') =>
  policyEvent('PolicyItemCreated', { id, priority: 'HIGH', notification_group_method: 'email', max_delay });

/** A view of its own (the platform knows no read model): the policy items' fields, as the events say. */
const view: Projection = {
  name: 'runner-spec-items',
  version: 1,
  collection: 'runner_spec_items',
  handles: ['PolicyItemCreated', 'PolicyItemChanged', 'PolicyItemRemoved'],
  documentIds: (event) => [(event.data as { id: string }).id],
  evolve: (doc: ViewDocument | null, event) => {
    const { id, ...fields } = event.data as { id: string };
    if (event.type === 'PolicyItemRemoved') return null;
    return { ...doc, ...fields, _id: id, orgId: event.metadata.orgId };
  },
};

describe('projection runner', () => {
  let dir: string;
  let events: EventStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tocsin-projector-'));
    events = await SqliteEventStore.open({ file: join(dir, 'events.db') });
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applying the same events twice changes nothing the second time', async () => {
    await events.append(
      'notificationPolicy-org-1',
      [
        created('a'),
        policyEvent('PolicyItemChanged', {
          id: 'a',
          priority: 'LOW',
          notification_group_method: 'email',
          max_delay: 'PT1H',
        }),
      ],
      'no_stream',
    );
    const recorded = await events.readStream('notificationPolicy-org-1');
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: 1 }, recorded);
    const before = await store.find(view.collection);
    const second = await applyBatch(store, view, first.checkpoint, recorded);
    expect(second.changes).toEqual([]);
    expect(await store.find(view.collection)).toEqual(before);
    // even from a stale checkpoint the store refuses the redelivery
    const stale = await applyBatch(store, view, { position: null, version: 1 }, recorded);
    expect(stale.changes).toEqual([]);
    expect(await store.find(view.collection)).toEqual(before);
    expect(before).toEqual([expect.objectContaining({ _id: 'a', orgId: 'org-1', priority: 'LOW', max_delay: 'PT1H' })]);
  });

  it('catches up with history, follows live events, notifies per organization and rebuilds', async () => {
    await events.append('notificationPolicy-org-1', [created('a'), created('b')], 'no_stream');
    const store = new MemoryReadStore();
    const notices: ViewChange[] = [];
    const runner = new ProjectionRunner(events, store, [view], (changes) => notices.push(...changes));
    await runner.start();
    expect(await store.count(view.collection)).toBe(2);

    const { position } = await events.append(
      'notificationPolicy-org-1',
      [policyEvent('PolicyItemRemoved', { id: 'a' })],
      1,
    );
    await runner.waitFor(position);
    expect((await store.find(view.collection)).map((d) => d._id)).toEqual(['b']);
    expect(notices[notices.length - 1]).toEqual({ view: view.name, ids: ['a'], orgId: 'org-1', position });

    await runner.rebuild('all');
    expect((await store.find(view.collection)).map((d) => d._id)).toEqual(['b']);
    expect((await store.checkpoint(view.name))?.position).toBe(position);
    await runner.stop();
  });

  it('rebuilds a view from zero when its version changes', async () => {
    await events.append('notificationPolicy-org-1', [created('a')], 'no_stream');
    const store = new MemoryReadStore();
    await store.commit(view.name, { position: 999, version: 0 }, [
      { op: 'put', collection: view.collection, doc: { _id: 'stale' } },
    ]);
    const runner = new ProjectionRunner(events, store, [view], () => undefined);
    await runner.start();
    expect((await store.find(view.collection)).map((d) => d._id)).toEqual(['a']);
    expect(await store.checkpoint(view.name)).toEqual({ position: expect.any(Number), version: 1 });
    await runner.stop();
  });
  it("tells each view's status: rebuilding from nothing, catching up from a checkpoint, live, stopped", async () => {
    await events.append('notificationPolicy-org-1', [created('a')], 'no_stream');
    const store = new MemoryReadStore();
    const seen: Array<Record<string, string>> = [];
    const runner = new ProjectionRunner(events, store, [view], () => seen.push(runner.status()));
    expect(runner.status()).toEqual({ [view.name]: 'stopped' });
    await runner.start();
    expect(seen).toEqual([{ [view.name]: 'rebuilding' }]);
    expect(runner.status()).toEqual({ [view.name]: 'live' });
    await runner.stop();
    expect(runner.status()).toEqual({ [view.name]: 'stopped' });

    // started again on the kept checkpoint: the events after it are a catch-up, not a rebuild
    await events.append('notificationPolicy-org-1', [created('b')], 0);
    const again = new ProjectionRunner(events, store, [view], () => seen.push(again.status()));
    await again.start();
    expect(seen[1]).toEqual({ [view.name]: 'catching_up' });
    expect(again.status()).toEqual({ [view.name]: 'live' });
    await again.stop();
  });

  it('marks the view that failed a batch, and the others stopped: nothing folds after a failed batch', async () => {
    await events.append('notificationPolicy-org-1', [created('a')], 'no_stream');
    const broken = {
      ...view,
      name: 'broken',
      collection: 'broken',
      evolve: () => {
        throw new Error('cannot fold');
      },
    };
    const failed: string[] = [];
    const runner = new ProjectionRunner(
      events,
      new MemoryReadStore(),
      [view, broken],
      () => undefined,
      undefined,
      (name) => failed.push(name),
    );
    await expect(runner.start()).rejects.toThrow('cannot fold');
    // the flush the first event queued finds the runner failed: it does not raise the failure a second time
    await new Promise((resolve) => setImmediate(resolve));
    expect(failed).toEqual(['broken']);
    expect(runner.status()).toEqual({ [view.name]: 'stopped', broken: 'failed' });
  });

  it('refuses, under test, a projection that changes the document it was given instead of returning a new one', async () => {
    await events.append('notificationPolicy-org-1', [created('a'), created('b')], 'no_stream');
    const recorded = await events.readStream('notificationPolicy-org-1');
    const impure = {
      ...view,
      name: 'impure-counter',
      collection: 'impure_counter',
      documentIds: () => ['counter'],
      evolve: (doc: { _id: string; orgId: string; count: number } | null) => {
        if (!doc) return { _id: 'counter', orgId: 'org-1', count: 1 };
        doc.count += 1; // the bug the guard exists for: the store's own object, changed in place
        return doc;
      },
    } as unknown as typeof view;
    const store = new MemoryReadStore();
    // Two events in one batch: the second changes the frozen document the first produced.
    await expect(applyBatch(store, impure, { position: null, version: 1 }, recorded)).rejects.toThrow(TypeError);
    expect(await store.checkpoint('impure-counter')).toBeNull();
  });
});
