import { organizationStream, type OrganizationEvent } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  MemoryReadStore,
  applyBatch,
} from '../../../../../test/support/projection-spec';
import { organizationsProjection as view } from './organizations.projection';

const recorded = eventRecorder<OrganizationEvent>({ orgId: 'o1', actorId: 'u0' });

describe('organizations projection', () => {
  const log = eventLogPerTest('organizations');

  it("keeps operators' quota limits, drops a cleared one, and applying the same events twice changes nothing", async () => {
    await log.events.append(
      organizationStream('o1'),
      [
        recorded({ type: 'OrganizationCreated', data: { organizationId: 'o1', name: 'Ops', tier: 'free' } }),
        recorded({ type: 'QuotaLimitSet', data: { organizationId: 'o1', quota: 'runbooks', maximum: 0 } }),
        recorded({ type: 'QuotaLimitSet', data: { organizationId: 'o1', quota: 'service_limit', maximum: 30 } }),
        recorded({ type: 'QuotaLimitSet', data: { organizationId: 'o1', quota: 'service_limit', maximum: null } }),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(organizationStream('o1'));
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const expected = {
      _id: 'o1',
      orgId: 'o1',
      name: 'Ops',
      tier: 'free',
      createdAt: '2026-01-01T00:00:00.000Z',
      quotaLimits: { runbooks: 0 },
    };
    expect(await store.find(view.collection)).toEqual([expected]);

    expect((await applyBatch(store, view, first.checkpoint, history)).changes).toEqual([]);
    expect((await applyBatch(store, view, { position: null, version: view.version }, history)).changes).toEqual([]);
    expect(await store.find(view.collection)).toEqual([expected]);
  });
});
