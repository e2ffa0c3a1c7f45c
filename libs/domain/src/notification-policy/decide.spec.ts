import { deciderSpec } from '../../../../test/support/decider-spec';
import { DomainError } from '../shared/event';
import type { NotificationPolicyCommand } from './commands';
import { decideNotificationPolicyItem } from './decide';
import type { NotificationPolicyEvent } from './events';
import { evolveNotificationPolicyItem, initialNotificationPolicyItem, type NotificationPolicyItemState } from './state';

const spec = deciderSpec<NotificationPolicyItemState, NotificationPolicyCommand, NotificationPolicyEvent>({
  initial: initialNotificationPolicyItem,
  evolve: evolveNotificationPolicyItem,
  decide: decideNotificationPolicyItem,
});

const created: NotificationPolicyEvent = {
  type: 'PolicyItemCreated',
  data: { id: 'i1', orgId: 'o1', priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' },
};

describe('notification policy decider', () => {
  it('creates an item', () => {
    spec
      .given([])
      .when({
        type: 'CreatePolicyItem',
        id: 'i1',
        orgId: 'o1',
        priority: 'HIGH',
        notification_group_method: 'email',
        max_delay: 'PT5M',
      })
      .then([created]);
  });

  it('refuses an unknown priority, method and a bad duration, naming each field', () => {
    spec
      .given([])
      .when({
        type: 'CreatePolicyItem',
        id: 'i1',
        orgId: 'o1',
        priority: 'URGENT' as never,
        notification_group_method: 'pager' as never,
        max_delay: '5 minutes',
      })
      .thenThrows((error) => {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).fields).toEqual({
          priority: ['priority must be one of HIGH, MEDIUM, LOW'],
          notification_group_method: [
            'notification_group_method must be one of email, chat, mobile_text, voice, push, apns, fcm, any',
          ],
          max_delay: ['max_delay must be an ISO-8601 duration such as PT5M'],
        });
      });
  });

  it('refuses to create an item twice', () => {
    spec
      .given([created])
      .when({
        type: 'CreatePolicyItem',
        id: 'i1',
        orgId: 'o1',
        priority: 'LOW',
        notification_group_method: 'any',
        max_delay: 'PT1H',
      })
      .thenThrows((error) => expect((error as DomainError).code).toBe('conflict'));
  });

  it('changes only the given fields', () => {
    spec
      .given([created])
      .when({ type: 'ChangePolicyItem', id: 'i1', orgId: 'o1', max_delay: 'PT10M' })
      .then([
        {
          type: 'PolicyItemChanged',
          data: { id: 'i1', priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT10M' },
        },
      ]);
  });

  it('records nothing when a change changes nothing', () => {
    spec
      .given([created])
      .when({ type: 'ChangePolicyItem', id: 'i1', orgId: 'o1', max_delay: 'PT5M' })
      .thenNothingHappened();
  });

  it("treats another organization's item as not found", () => {
    spec
      .given([created])
      .when({ type: 'ChangePolicyItem', id: 'i1', orgId: 'o2', max_delay: 'PT1M' })
      .thenThrows((e) => expect((e as DomainError).code).toBe('not_found'));
    spec
      .given([created])
      .when({ type: 'RemovePolicyItem', id: 'i1', orgId: 'o2' })
      .thenThrows((e) => expect((e as DomainError).code).toBe('not_found'));
  });

  it('refuses to change or remove an unknown item', () => {
    spec
      .given([])
      .when({ type: 'ChangePolicyItem', id: 'nope', orgId: 'o1' })
      .thenThrows((e) => expect((e as DomainError).code).toBe('not_found'));
    spec
      .given([])
      .when({ type: 'RemovePolicyItem', id: 'nope', orgId: 'o1' })
      .thenThrows((e) => expect((e as DomainError).code).toBe('not_found'));
  });

  it('removes an item, after which it can be created again', () => {
    spec
      .given([created])
      .when({ type: 'RemovePolicyItem', id: 'i1', orgId: 'o1' })
      .then([{ type: 'PolicyItemRemoved', data: { id: 'i1' } }]);
    spec
      .given([created, { type: 'PolicyItemRemoved', data: { id: 'i1' } }])
      .when({
        type: 'CreatePolicyItem',
        id: 'i1',
        orgId: 'o1',
        priority: 'LOW',
        notification_group_method: 'any',
        max_delay: 'PT1H',
      })
      .then([
        {
          type: 'PolicyItemCreated',
          data: { id: 'i1', orgId: 'o1', priority: 'LOW', notification_group_method: 'any', max_delay: 'PT1H' },
        },
      ]);
  });
});
