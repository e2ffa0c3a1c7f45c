import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { organizationStream, type OrganizationEvent } from '@tocsin/domain';
import { MemoryReadStore, SqliteEventStore, type EventStore, type NewEvent } from '@tocsin/platform';
import { applyBatch } from '../../runner/apply-batch';
import { organizationsProjection as view } from './organizations.projection';

let seq = 0;
function recorded(event: OrganizationEvent): NewEvent {
  seq++;
  const commandId = `c${seq}`;
  const metadata = { orgId: 'o1', actorId: 'u0', commandId, correlationId: commandId, causationId: commandId, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
  return { id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, type: event.type, data: event.data, metadata };
}

describe('organizations projection', () => {
  let dir: string;
  let events: EventStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tocsin-organizations-view-'));
    events = await SqliteEventStore.open({ file: join(dir, 'events.db') });
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps operators' quota limits, drops a cleared one, and applying the same events twice changes nothing", async () => {
    await events.append(
      organizationStream('o1'),
      [
        recorded({ type: 'OrganizationCreated', data: { organizationId: 'o1', name: 'Ops', tier: 'free' } }),
        recorded({ type: 'QuotaLimitSet', data: { organizationId: 'o1', quota: 'runbooks', maximum: 0 } }),
        recorded({ type: 'QuotaLimitSet', data: { organizationId: 'o1', quota: 'service_limit', maximum: 30 } }),
        recorded({ type: 'QuotaLimitSet', data: { organizationId: 'o1', quota: 'service_limit', maximum: null } }),
      ],
      'no_stream',
    );
    const history = await events.readStream(organizationStream('o1'));
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const expected = { _id: 'o1', orgId: 'o1', name: 'Ops', tier: 'free', createdAt: '2026-01-01T00:00:00.000Z', quotaLimits: { runbooks: 0 } };
    expect(await store.find(view.collection)).toEqual([expected]);

    expect((await applyBatch(store, view, first.checkpoint, history)).changes).toEqual([]);
    expect((await applyBatch(store, view, { position: null, version: view.version }, history)).changes).toEqual([]);
    expect(await store.find(view.collection)).toEqual([expected]);
  });
});
