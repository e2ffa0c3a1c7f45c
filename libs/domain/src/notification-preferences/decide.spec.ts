import { deciderSpec } from '../../../../test/support/decider-spec';
import { DomainError } from '../shared/event';
import type { NotificationSettingCommand, SaveNotificationSetting } from './commands';
import { decideNotificationSettings } from './decide';
import { notificationSettingsStream, type NotificationSettingEvent } from './events';
import { describeNotificationType, type Destination, type NotificationType } from './notification-types';
import { evolveNotificationSettings, initialNotificationSettings, type NotificationSettingsState } from './state';

const spec = deciderSpec<NotificationSettingsState, NotificationSettingCommand, NotificationSettingEvent>({
  initial: initialNotificationSettings,
  evolve: evolveNotificationSettings,
  decide: decideNotificationSettings,
});

const phone: Destination = { type: 'phone', value: '+15550001' };
const email: Destination = { type: 'email', value: 'ana@example.com' };
const available: Destination[] = [email, phone];
const save = (fields: Partial<SaveNotificationSetting> = {}): SaveNotificationSetting => ({
  type: 'SaveNotificationSetting',
  id: 's1',
  notification_type: 'sms',
  destination: phone,
  delay: 'PT5M',
  notification_priority: 'HIGH',
  availableDestinations: available,
  ...fields,
});
const saved: NotificationSettingEvent = {
  type: 'NotificationSettingSaved',
  data: { id: 's1', notification_type: 'sms', destination: phone, delay: 'PT5M', notification_priority: 'HIGH' },
};
const fieldsOf = (error: unknown) => {
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('invalid');
  return (error as DomainError).fields;
};

describe('notification settings decider', () => {
  it('keeps one stream per user', () => {
    expect(notificationSettingsStream('u1')).toBe('notificationSettings-u1');
  });

  it('creates a setting under an id it does not hold yet', () => {
    spec.given([]).when(save()).then([saved]);
  });

  it('updates a setting saved with its id, keeping only the destination fields', () => {
    spec
      .given([saved])
      .when(save({ delay: 'PT10M', destination: { ...phone, label: 'Work' } as Destination }))
      .then([{ type: 'NotificationSettingSaved', data: { ...saved.data, delay: 'PT10M' } }]);
  });

  it('takes a delay given as an object with a value, and a notification type as the API returns it', () => {
    spec
      .given([saved])
      .when(
        save({
          delay: { value: 'PT10M' } as unknown as string,
          notification_type: describeNotificationType('sms') as unknown as NotificationType,
        }),
      )
      .then([{ type: 'NotificationSettingSaved', data: { ...saved.data, delay: 'PT10M' } }]);
  });

  it('describes a notification type with its destination kind, value and label', () => {
    expect(describeNotificationType('whats_app')).toEqual({
      notification_type: 'whats_app',
      type: 'phone',
      value: 'whats_app',
      label: 'WhatsApp',
    });
    expect(describeNotificationType('fcm')).toEqual({
      notification_type: 'fcm',
      type: 'fcm',
      value: 'fcm',
      label: 'Push',
    });
  });

  it('records nothing when a save changes nothing', () => {
    spec
      .given([saved])
      .when(save({ destination: { ...phone } }))
      .thenNothingHappened();
  });

  it.each([
    ['notification_type', { notification_type: null }, { notification_type: ['Required'] }],
    ['notification_type', { notification_type: '' }, { notification_type: ['Required'] }],
    [
      'notification_type',
      { notification_type: 'pager' },
      {
        notification_type: [
          'notification_type must be one of email, slack, microsoft_teams, sms, voice, whats_app, apns, fcm',
        ],
      },
    ],
    ['delay', { delay: null }, { delay: ['Required'] }],
    ['delay', { delay: 'PT3M' }, { delay: ['delay must be one of PT0S, PT1M, PT2M, PT5M, PT10M, PT15M, PT30M, PT1H'] }],
    ['notification_priority', { notification_priority: null }, { notification_priority: ['Required'] }],
    [
      'notification_priority',
      { notification_priority: 'URGENT' },
      { notification_priority: ['notification_priority must be one of HIGH, MEDIUM, LOW'] },
    ],
    ['destination', { destination: null }, { destination: ['Required'] }],
    ['destination', { destination: email }, { destination: ['destination must be a phone destination for sms'] }],
    [
      'destination',
      { destination: 'ana@example.com' },
      { destination: ['destination must be a phone destination for sms'] },
    ],
    [
      'destination',
      { destination: { type: 'pager', value: '1' } },
      { destination: ['destination must be a phone destination for sms'] },
    ],
    [
      'destination',
      { destination: { type: 'phone', value: 5550001 } },
      { destination: ['destination must be a phone destination for sms'] },
    ],
    [
      'destination',
      { destination: { type: 'phone', value: '+15559999' } },
      { destination: ['destination must be one of your available destinations'] },
    ],
    [
      'destination',
      { availableDestinations: [email] },
      { destination: ['No Phone destinations available. Please add one or verify in your Profile settings.'] },
    ],
  ])('refuses a bad %s: %j', (_field, fields, expected) => {
    spec
      .given([])
      .when(save(fields as Partial<SaveNotificationSetting>))
      .thenThrows((error) => expect(fieldsOf(error)).toEqual(expected));
  });

  it('names every bad field at once, leaving the destination alone while the type is unknown', () => {
    spec
      .given([saved])
      .when(save({ notification_type: null, delay: '', notification_priority: null, destination: null }))
      .thenThrows((error) =>
        expect(fieldsOf(error)).toEqual({
          notification_type: ['Required'],
          delay: ['Required'],
          notification_priority: ['Required'],
        }),
      );
  });

  it('removes a setting, after which its id can be saved again', () => {
    spec
      .given([saved])
      .when({ type: 'RemoveNotificationSetting', id: 's1' })
      .then([{ type: 'NotificationSettingRemoved', data: { id: 's1' } }]);
    spec
      .given([saved, { type: 'NotificationSettingRemoved', data: { id: 's1' } }])
      .when(save())
      .then([saved]);
  });

  it('keeps the other settings when one is removed', () => {
    const other: NotificationSettingEvent = {
      type: 'NotificationSettingSaved',
      data: { ...saved.data, id: 's2', notification_type: 'email', destination: email },
    };
    spec
      .given([saved, other, { type: 'NotificationSettingRemoved', data: { id: 's1' } }])
      .when({ type: 'RemoveNotificationSetting', id: 's2' })
      .then([{ type: 'NotificationSettingRemoved', data: { id: 's2' } }]);
  });

  it('refuses to remove a setting it does not hold', () => {
    spec
      .given([])
      .when({ type: 'RemoveNotificationSetting', id: 'nope' })
      .thenThrows((error) => expect((error as DomainError).code).toBe('not_found'));
    spec
      .given([saved, { type: 'NotificationSettingRemoved', data: { id: 's1' } }])
      .when({ type: 'RemoveNotificationSetting', id: 's1' })
      .thenThrows((error) => expect((error as DomainError).code).toBe('not_found'));
  });
});
