import { notificationPolicyItemStream, type NotificationPolicyEvent } from '@tocsin/domain';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
  readStreams,
} from '../../../../../test/support/projection-spec';
import { notificationPolicyItemsProjection as view } from './notification-policy-items.projection';

const recorded = eventRecorder<NotificationPolicyEvent>({ orgId: 'o1', actorId: 'owner' });

describe('notification policy items projection', () => {
  const log = eventLogPerTest('policy-items');

  it('keeps the latest fields and the first creation time of each item, drops a removed one; redelivery changes nothing', async () => {
    await log.events.append(
      notificationPolicyItemStream('i1'),
      [
        recorded(
          {
            type: 'PolicyItemCreated',
            data: { id: 'i1', orgId: 'o1', priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' },
          },
          minute(0),
        ),
        recorded(
          {
            type: 'PolicyItemChanged',
            data: { id: 'i1', priority: 'LOW', notification_group_method: 'any', max_delay: 'PT1H' },
          },
          minute(2),
        ),
      ],
      'no_stream',
    );
    await log.events.append(
      notificationPolicyItemStream('i2'),
      [
        recorded(
          {
            type: 'PolicyItemCreated',
            data: { id: 'i2', orgId: 'o1', priority: 'MEDIUM', notification_group_method: 'voice', max_delay: 'PT0S' },
          },
          minute(1),
        ),
        recorded({ type: 'PolicyItemRemoved', data: { id: 'i2' } }, minute(3)),
      ],
      'no_stream',
    );
    const history = await readStreams(
      log.events,
      notificationPolicyItemStream('i1'),
      notificationPolicyItemStream('i2'),
    );
    const { store, checkpoint } = await project(view, history);
    expect(await documentsOf(store, view)).toEqual([
      {
        _id: 'i1',
        orgId: 'o1',
        priority: 'LOW',
        notification_group_method: 'any',
        max_delay: 'PT1H',
        created_at: minute(0),
        updated_at: minute(2),
      },
    ]);

    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
