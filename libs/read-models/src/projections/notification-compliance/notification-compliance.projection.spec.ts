import {
  notificationPolicyItemStream,
  notificationSettingsStream,
  type NotificationPolicyEvent,
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
  readStreams,
} from '../../../../../test/support/projection-spec';
import { compliancePolicyDocId, complianceSettingsDocId } from '@tocsin/read-models';
import { notificationComplianceProjection as view } from './notification-compliance.projection';

const recorded = eventRecorder<NotificationPolicyEvent | NotificationSettingEvent>({ orgId: 'o1', actorId: 'owner' });
const sms: NotificationSettingFields = {
  notification_type: 'sms',
  destination: { type: 'phone', value: 'p1' },
  delay: 'PT0S',
  notification_priority: 'HIGH',
};

describe('notification compliance projection', () => {
  const log = eventLogPerTest('compliance');

  it("keeps an organization's policy items and each member's settings there, in order; redelivery changes nothing", async () => {
    await log.events.append(
      notificationPolicyItemStream('i1'),
      [
        recorded(
          {
            type: 'PolicyItemCreated',
            data: {
              id: 'i1',
              orgId: 'o1',
              priority: 'HIGH',
              notification_group_method: 'mobile_text',
              max_delay: 'PT5M',
            },
          },
          minute(0),
        ),
        recorded(
          {
            type: 'PolicyItemChanged',
            data: { id: 'i1', priority: 'HIGH', notification_group_method: 'mobile_text', max_delay: 'PT1M' },
          },
          minute(3),
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
            data: { id: 'i2', orgId: 'o1', priority: 'LOW', notification_group_method: 'any', max_delay: 'PT1H' },
          },
          minute(1),
        ),
      ],
      'no_stream',
    );
    await log.events.append(
      notificationSettingsStream('u1'),
      [
        recorded(
          { type: 'NotificationSettingSaved', data: { id: 's1', ...sms } },
          { actorId: 'u1', occurredAt: minute(2) },
        ),
        recorded(
          { type: 'NotificationSettingSaved', data: { id: 's2', ...sms, notification_priority: 'LOW' } },
          { actorId: 'u1', occurredAt: minute(4) },
        ),
        recorded(
          { type: 'NotificationSettingSaved', data: { id: 's1', ...sms, delay: 'PT1M' } },
          { actorId: 'u1', occurredAt: minute(5) },
        ),
        recorded({ type: 'NotificationSettingRemoved', data: { id: 's2' } }, { actorId: 'u1', occurredAt: minute(6) }),
      ],
      'no_stream',
    );
    const history = await readStreams(
      log.events,
      notificationPolicyItemStream('i1'),
      notificationPolicyItemStream('i2'),
      notificationSettingsStream('u1'),
    );
    const { store, checkpoint } = await project(view, history);
    expect(await documentsOf(store, view)).toEqual([
      {
        _id: compliancePolicyDocId('o1'),
        orgId: 'o1',
        items: [
          { id: 'i1', priority: 'HIGH', notification_group_method: 'mobile_text', max_delay: 'PT1M' },
          { id: 'i2', priority: 'LOW', notification_group_method: 'any', max_delay: 'PT1H' },
        ],
      },
      {
        _id: complianceSettingsDocId('o1', 'u1'),
        orgId: 'o1',
        userId: 'u1',
        settings: [{ id: 's1', notification_type: 'sms', delay: 'PT1M', notification_priority: 'HIGH' }],
      },
    ]);

    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });

  it('drops the policy document when its last item goes, and the settings document when its last setting goes', async () => {
    await log.events.append(
      notificationPolicyItemStream('i3'),
      [
        recorded(
          {
            type: 'PolicyItemCreated',
            data: { id: 'i3', orgId: 'o2', priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' },
          },
          { orgId: 'o2' },
        ),
        recorded({ type: 'PolicyItemRemoved', data: { id: 'i3' } }, { orgId: 'o2' }),
      ],
      'no_stream',
    );
    await log.events.append(
      notificationSettingsStream('u2'),
      [
        recorded({ type: 'NotificationSettingSaved', data: { id: 's3', ...sms } }, { orgId: 'o2', actorId: 'u2' }),
        recorded({ type: 'NotificationSettingRemoved', data: { id: 's3' } }, { orgId: 'o2', actorId: 'u2' }),
      ],
      'no_stream',
    );
    const history = await readStreams(log.events, notificationPolicyItemStream('i3'), notificationSettingsStream('u2'));
    const { store, checkpoint, changes } = await project(view, history);
    expect(await store.count(view.collection)).toBe(0);
    expect(changes).toEqual([
      {
        view: 'notification-compliance',
        ids: [compliancePolicyDocId('o2'), complianceSettingsDocId('o2', 'u2')],
        orgId: 'o2',
        position: history[3].position,
      },
    ]);

    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
