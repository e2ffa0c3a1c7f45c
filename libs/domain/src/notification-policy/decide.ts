import { DomainError } from '../shared/event';
import { isIsoDuration } from '../shared/duration';
import {
  NOTIFICATION_GROUP_METHODS,
  POLICY_ITEM_MESSAGES,
  PRIORITIES,
  type NotificationGroupMethod,
  type Priority,
} from './constants';
import type { NotificationPolicyCommand } from './commands';
import type { NotificationPolicyEvent, PolicyItemFields } from './events';
import type { NotificationPolicyItemState } from './state';

function validate(fields: PolicyItemFields): void {
  const errors: Record<string, string[]> = {};
  if (!PRIORITIES.includes(fields.priority as Priority)) {
    errors.priority = [POLICY_ITEM_MESSAGES.priority];
  }
  if (!NOTIFICATION_GROUP_METHODS.includes(fields.notification_group_method as NotificationGroupMethod)) {
    errors.notification_group_method = [POLICY_ITEM_MESSAGES.notification_group_method];
  }
  if (!isIsoDuration(fields.max_delay)) {
    errors.max_delay = [POLICY_ITEM_MESSAGES.max_delay];
  }
  if (Object.keys(errors).length > 0)
    throw new DomainError('The notification policy item is not valid', 'invalid', errors);
}

export function decideNotificationPolicyItem(
  command: NotificationPolicyCommand,
  state: NotificationPolicyItemState,
): NotificationPolicyEvent[] {
  // another organization's item does not exist for this caller
  const existing = state.item && state.item.orgId === command.orgId ? state.item : null;
  switch (command.type) {
    case 'CreatePolicyItem': {
      if (state.item) throw new DomainError('The notification policy item already exists', 'conflict');
      const { priority, notification_group_method, max_delay } = command;
      validate({ priority, notification_group_method, max_delay });
      return [
        {
          type: 'PolicyItemCreated',
          data: { id: command.id, orgId: command.orgId, priority, notification_group_method, max_delay },
        },
      ];
    }
    case 'ChangePolicyItem': {
      if (!existing) throw new DomainError('Notification policy item not found', 'not_found');
      const next: PolicyItemFields = {
        priority: command.priority ?? existing.priority,
        notification_group_method: command.notification_group_method ?? existing.notification_group_method,
        max_delay: command.max_delay ?? existing.max_delay,
      };
      validate(next);
      const unchanged = (Object.keys(next) as Array<keyof PolicyItemFields>).every((k) => next[k] === existing[k]);
      return unchanged ? [] : [{ type: 'PolicyItemChanged', data: { id: command.id, ...next } }];
    }
    case 'RemovePolicyItem': {
      if (!existing) throw new DomainError('Notification policy item not found', 'not_found');
      return [{ type: 'PolicyItemRemoved', data: { id: command.id } }];
    }
  }
}
