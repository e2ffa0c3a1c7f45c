import { alertStream, type AlertEvent, type AlertTriggered } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../../test/support/projection-spec';
import { alertsProjection as view } from './alerts.projection';

const recorded = eventRecorder<AlertEvent>({ orgId: 'org-1' });
const ann = { kind: 'user' as const, userId: 'u-ann', via: 'web' as const };
const routing = { kind: 'default' as const, teamId: 'team-db', escalationPolicyId: null, priority: 'HIGH' as const };

const triggered = (episode: number, at: string): AlertTriggered => ({
  type: 'AlertTriggered',
  data: {
    alertId: 'a1',
    orgId: 'org-1',
    sourceId: 's1',
    dedupKey: 'fp-1',
    episode,
    at,
    teamId: 'team-db',
    routing,
    policy: null,
    summary: 'Disk almost full',
    priority: 'HIGH',
    labels: { Instance: 'DB-1' },
    links: [],
  },
});

describe('alerts projection', () => {
  const log = eventLogPerTest('alerts');

  it('follows an alert through its episodes, and delivering events again changes nothing', async () => {
    await log.events.append(
      alertStream('s1', 'h1'),
      [
        recorded(triggered(1, minute(0)), minute(0)),
        recorded({ type: 'AlertDeduplicated', data: { alertId: 'a1', episode: 1, at: minute(1), count: 2 } }),
        recorded({ type: 'AlertAcknowledged', data: { alertId: 'a1', episode: 1, at: minute(2), by: ann } }),
        recorded({ type: 'AlertResolved', data: { alertId: 'a1', episode: 1, at: minute(3), by: ann } }),
      ],
      'no_stream',
    );
    const first = await log.events.readStream(alertStream('s1', 'h1'));
    const { store, checkpoint } = await project(view, first);
    expect(await store.findOne(view.collection, { _id: 'a1' })).toMatchObject({
      orgId: 'org-1',
      status: 'resolved',
      episode: 1,
      count: 2,
      acknowledged_by: ann,
      acknowledged_at: minute(2),
      resolved_at: minute(3),
      searchText: 'disk almost full\ninstance=db-1',
      triggered_at: minute(0),
      updated_at: minute(3),
    });
    await expectRedeliveryChangesNothing(store, view, checkpoint, first);

    // fired again: episode 2 starts the document afresh
    await log.events.append(alertStream('s1', 'h1'), [recorded(triggered(2, minute(9)))], 3);
    const all = await log.events.readStream(alertStream('s1', 'h1'));
    const again = await project(view, all);
    expect(await again.store.findOne(view.collection, { _id: 'a1' })).toMatchObject({
      status: 'triggered',
      episode: 2,
      count: 1,
      acknowledged_by: null,
      resolved_at: null,
      triggered_at: minute(9),
    });
    expect(again.changes).toEqual([{ view: 'alerts', ids: ['a1'], orgId: 'org-1', position: all[4].position }]);
  });
});
