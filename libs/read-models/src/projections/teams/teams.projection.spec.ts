import { teamStream, type TeamEvent } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  MemoryReadStore,
  applyBatch,
} from '../../../../../test/support/projection-spec';
import { teamsProjection as view } from './teams.projection';

const recorded = eventRecorder<TeamEvent>({ orgId: 'org-1', actorId: 'u0' });

describe('teams projection', () => {
  const log = eventLogPerTest('teams');

  it('folds a team and its members, and applying the same events twice changes nothing', async () => {
    await log.events.append(
      teamStream('t1'),
      [
        recorded(
          {
            type: 'TeamCreated',
            data: { teamId: 't1', orgId: 'org-1', name: 'Payments', restrict_signals_resource_management: false },
          },
          '2026-01-01T00:00:00.000Z',
        ),
        recorded(
          { type: 'TeamMemberAdded', data: { teamId: 't1', userId: 'u1', permissions: ['manage_alert_rules'] } },
          '2026-01-01T00:01:00.000Z',
        ),
        recorded(
          { type: 'TeamMemberAdded', data: { teamId: 't1', userId: 'u2', permissions: [] } },
          '2026-01-01T00:02:00.000Z',
        ),
        recorded(
          { type: 'TeamMemberPermissionsChanged', data: { teamId: 't1', userId: 'u1', permissions: ['read_teams'] } },
          '2026-01-01T00:03:00.000Z',
        ),
        recorded(
          { type: 'TeamChanged', data: { teamId: 't1', name: 'Billing', restrict_signals_resource_management: true } },
          '2026-01-01T00:04:00.000Z',
        ),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(teamStream('t1'));
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const expected = {
      _id: 't1',
      orgId: 'org-1',
      name: 'Billing',
      sortName: 'billing',
      restrict_signals_resource_management: true,
      // u1 keeps the first place after its permissions changed
      memberships: [
        { user: { id: 'u1' }, permissions: ['read_teams'] },
        { user: { id: 'u2' }, permissions: [] },
      ],
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:04:00.000Z',
    };
    expect(await store.find(view.collection)).toEqual([expected]);

    const again = await applyBatch(store, view, first.checkpoint, history);
    expect(again.changes).toEqual([]);
    const stale = await applyBatch(store, view, { position: null, version: view.version }, history);
    expect(stale.changes).toEqual([]);
    expect(await store.find(view.collection)).toEqual([expected]);
  });

  it('drops a removed member and deletes a deleted team', async () => {
    await log.events.append(
      teamStream('t2'),
      [
        recorded(
          {
            type: 'TeamCreated',
            data: { teamId: 't2', orgId: 'org-1', name: 'Edge', restrict_signals_resource_management: false },
          },
          '2026-01-02T00:00:00.000Z',
        ),
        recorded(
          { type: 'TeamMemberAdded', data: { teamId: 't2', userId: 'u1', permissions: [] } },
          '2026-01-02T00:01:00.000Z',
        ),
        recorded({ type: 'TeamMemberRemoved', data: { teamId: 't2', userId: 'u1' } }, '2026-01-02T00:02:00.000Z'),
      ],
      'no_stream',
    );
    const store = new MemoryReadStore();
    const first = await applyBatch(
      store,
      view,
      { position: null, version: view.version },
      await log.events.readStream(teamStream('t2')),
    );
    expect(await store.findOne(view.collection, { _id: 't2' })).toMatchObject({
      memberships: [],
      updated_at: '2026-01-02T00:02:00.000Z',
    });

    await log.events.append(
      teamStream('t2'),
      [recorded({ type: 'TeamDeleted', data: { teamId: 't2' } }, '2026-01-02T00:03:00.000Z')],
      2,
    );
    const all = await log.events.readStream(teamStream('t2'));
    const second = await applyBatch(store, view, first.checkpoint, all);
    expect(second.changes).toEqual([{ view: 'teams', ids: ['t2'], orgId: 'org-1', position: all[3].position }]);
    expect(await store.count(view.collection)).toBe(0);
  });
});
