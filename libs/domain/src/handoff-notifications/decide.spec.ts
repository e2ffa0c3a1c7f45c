import { deciderSpec } from '../../../../test/support/decider-spec';
import { DomainError } from '../shared/event';
import { WORKING_HOURS_DEFAULTS } from '../notification-preferences/working-hours';
import type { HandoffNotificationCommand, SaveHandoffNotification } from './commands';
import { decideHandoffNotifications } from './decide';
import {
  handoffNotificationsStream,
  upcastHandoffNotificationEvent,
  type HandoffNotificationEvent,
  type RecordedHandoffNotificationEvent,
} from './events';
import { evolveHandoffNotifications, initialHandoffNotifications, type HandoffNotificationsState } from './state';

const spec = deciderSpec<HandoffNotificationsState, HandoffNotificationCommand, HandoffNotificationEvent>({
  initial: initialHandoffNotifications,
  evolve: evolveHandoffNotifications,
  decide: decideHandoffNotifications,
});
/** The same decider reading a stream written before the events were renamed. */
const recordedSpec = deciderSpec<
  HandoffNotificationsState,
  HandoffNotificationCommand,
  RecordedHandoffNotificationEvent
>({
  initial: initialHandoffNotifications,
  evolve: evolveHandoffNotifications,
  decide: decideHandoffNotifications,
});
const save = (fields: Partial<SaveHandoffNotification> = {}): SaveHandoffNotification => ({
  type: 'SaveHandoffNotification',
  id: 'h1',
  notify_before_minutes: 30,
  notification_type: 'email',
  ...fields,
});
const saved: HandoffNotificationEvent = {
  type: 'HandoffNotificationSettingSaved',
  data: {
    id: 'h1',
    ...WORKING_HOURS_DEFAULTS,
    days: { ...WORKING_HOURS_DEFAULTS.days },
    notify_before_minutes: 30,
    notification_type: 'email',
  },
};
const fieldsOf = (error: unknown) => (error as DomainError).fields;

describe('handoff notification settings decider', () => {
  it('keeps one stream per user', () => expect(handoffNotificationsStream('u1')).toBe('handoffNotifications-u1'));

  it('creates a setting with the working-hours defaults of the form', () => {
    spec.given([]).when(save()).then([saved]);
  });

  it('changes only the fields given, and records nothing when nothing changes', () => {
    spec
      .given([saved])
      .when({ type: 'SaveHandoffNotification', id: 'h1', start_time: '08:00' })
      .then([{ type: 'HandoffNotificationSettingSaved', data: { ...saved.data, start_time: '08:00' } }]);
    spec
      .given([saved])
      .when({ type: 'SaveHandoffNotification', id: 'h1', days: { ...WORKING_HOURS_DEFAULTS.days } })
      .thenNothingHappened();
  });

  it('names every bad field at once', () => {
    spec
      .given([])
      .when(
        save({
          notify_before_minutes: -5,
          notification_type: undefined,
          start_time: '25:00',
          time_zone: 'Mars/Base',
          days: { monday: true },
          hours_setting: 'always',
        }),
      )
      .thenThrows((error) => {
        expect((error as DomainError).code).toBe('invalid');
        expect(fieldsOf(error)).toEqual({
          notify_before_minutes: ['notify_before_minutes must be a whole number from 0 to 10080'],
          notification_type: ['Required'],
          hours_setting: ['hours_setting must be one of standard, custom'],
          start_time: ['start_time must be a time such as 09:00'],
          time_zone: ['time_zone must be a time zone such as Europe/Paris'],
          days: [
            'days must give true or false for each of monday, tuesday, wednesday, thursday, friday, saturday, sunday',
          ],
        });
      });
  });

  it('removes a setting it holds and refuses one it does not', () => {
    spec
      .given([saved])
      .when({ type: 'RemoveHandoffNotification', id: 'h1' })
      .then([{ type: 'HandoffNotificationSettingRemoved', data: { id: 'h1' } }]);
    spec
      .given([])
      .when({ type: 'RemoveHandoffNotification', id: 'h1' })
      .thenThrows((error) => expect((error as DomainError).code).toBe('not_found'));
  });

  it('still folds events recorded under their old names, and records only the new ones', () => {
    const oldSaved: RecordedHandoffNotificationEvent = { type: 'HandoffNotificationSaved', data: saved.data };
    recordedSpec.given([oldSaved]).when(save()).thenNothingHappened();
    recordedSpec
      .given([oldSaved])
      .when(save({ start_time: '08:00' }))
      .then([{ type: 'HandoffNotificationSettingSaved', data: { ...saved.data, start_time: '08:00' } }]);
    recordedSpec
      .given([oldSaved])
      .when({ type: 'RemoveHandoffNotification', id: 'h1' })
      .then([{ type: 'HandoffNotificationSettingRemoved', data: { id: 'h1' } }]);
    recordedSpec
      .given([oldSaved, { type: 'HandoffNotificationRemoved', data: { id: 'h1' } }])
      .when({ type: 'RemoveHandoffNotification', id: 'h1' })
      .thenThrows((error) => expect((error as DomainError).code).toBe('not_found'));
  });

  it('upcasts an old name to the new one and leaves a current event as it is', () => {
    expect(upcastHandoffNotificationEvent({ type: 'HandoffNotificationRemoved', data: { id: 'h1' } })).toEqual({
      type: 'HandoffNotificationSettingRemoved',
      data: { id: 'h1' },
    });
    expect(upcastHandoffNotificationEvent(saved)).toBe(saved);
  });
});
