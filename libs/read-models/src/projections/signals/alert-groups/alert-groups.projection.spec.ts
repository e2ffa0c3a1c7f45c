import { alertGroupsStream, type AlertGroupEvent } from '@tocsin/domain';
import { alertGroupsView } from '@tocsin/read-models';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../../test/support/projection-spec';
import { alertGroupsProjection as view } from './alert-groups.projection';

const recorded = eventRecorder<AlertGroupEvent>({ orgId: 'org-1', actorId: null });
const by = { kind: 'user' as const, userId: 'u1', via: 'web' as const };

describe('alert groups projection', () => {
  const log = eventLogPerTest('alert-groups');

  it('keeps each group with its alerts and where it stands, the same under redelivery', async () => {
    const stream = alertGroupsStream('k1');
    const opened = {
      orgId: 'org-1',
      teamId: 't1',
      ruleId: 'r1',
      groupId: 'g1',
      key: { summary: 'disk' },
      alertId: 'a',
      alertStream: 'alert-s-a',
      alertEpisode: 1,
      summary: 'Disk',
      at: minute(0),
      closesAt: minute(5),
    };
    await log.events.append(
      stream,
      [
        recorded({ type: 'AlertGroupOpened', data: opened }, minute(0)),
        recorded(
          {
            type: 'AlertJoinedGroup',
            data: {
              orgId: 'org-1',
              groupId: 'g1',
              alertId: 'b',
              alertStream: 'alert-s-b',
              at: minute(2),
              closesAt: minute(7),
            },
          },
          minute(2),
        ),
        recorded(
          {
            type: 'AlertGroupAcknowledged',
            data: { orgId: 'org-1', groupId: 'g1', at: minute(3), by, memberIds: ['a', 'b'] },
          },
          minute(3),
        ),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(stream);
    const { store, checkpoint } = await project(view, history);
    expect(await documentsOf(store, view)).toEqual([
      expect.objectContaining({
        _id: 'g1',
        stream,
        status: 'acknowledged',
        memberIds: ['a', 'b'],
        alertCount: 2,
        last_alert_at: minute(2),
        closes_at: minute(7),
        acknowledged_by: by,
      }),
    ]);
    expect(await alertGroupsView.find(store, 'org-2', 'g1')).toBeNull();
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
