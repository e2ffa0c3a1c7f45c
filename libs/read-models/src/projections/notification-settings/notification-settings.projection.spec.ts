import {
  notificationSettingsStream,
  type NotificationSettingEvent,
  type NotificationSettingFields,
} from '@tocsin/domain';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../test/support/projection-spec';
import { notificationSettingsProjection as view } from './notification-settings.projection';

const recorded = eventRecorder<NotificationSettingEvent>({ orgId: 'o1', actorId: 'u1' });
const email: NotificationSettingFields = {
  notification_type: 'email',
  destination: { type: 'email', value: 'ada@example.com' },
  delay: 'PT0S',
  notification_priority: 'HIGH',
};

describe('notification settings projection', () => {
  const log = eventLogPerTest('notification-settings');

  it("keeps each setting's latest values in the organization it was first saved in, for the stream's user; redelivery changes nothing", async () => {
    await log.events.append(
      notificationSettingsStream('u1'),
      [
        recorded({ type: 'NotificationSettingSaved', data: { id: 's1', ...email } }, minute(0)),
        recorded(
          {
            type: 'NotificationSettingSaved',
            data: { id: 's2', ...email, notification_type: 'sms', destination: { type: 'phone', value: 'p1' } },
          },
          minute(1),
        ),
        // a job matching the policy on u1's behalf, while u1 works in another organization
        recorded(
          { type: 'NotificationSettingSaved', data: { id: 's1', ...email, delay: 'PT5M' } },
          { orgId: 'o2', actorId: 'policy-job', occurredAt: minute(2) },
        ),
        recorded({ type: 'NotificationSettingRemoved', data: { id: 's2' } }, minute(3)),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(notificationSettingsStream('u1'));
    const { store, checkpoint } = await project(view, history);
    expect(await documentsOf(store, view)).toEqual([
      { _id: 's1', orgId: 'o1', userId: 'u1', ...email, delay: 'PT5M', created_at: minute(0), updated_at: minute(2) },
    ]);

    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
