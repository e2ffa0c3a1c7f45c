import { DomainError } from '../shared/event';
import { parseDuration } from '../shared/duration';
import { NOTIFICATION_GROUP_METHODS, PRIORITIES, type NotificationGroupMethod, type Priority } from './constants';
import type { NotificationPolicyCommand } from './commands';
import type { NotificationPolicyEvent, PolicyItemFields } from './events';
import type { NotificationPolicyItemState } from './state';

function validate(fields: PolicyItemFields): void {
  const errors: Record<string, string[]> = {};
  if (!PRIORITIES.includes(fields.priority as Priority)) {
    errors.priority = [`priority must be one of ${PRIORITIES.join(', ')}`];
  }
  if (!NOTIFICATION_GROUP_METHODS.includes(fields.notification_group_method as NotificationGroupMethod)) {
    errors.notification_group_method = [`notification_group_method must be one of ${NOTIFICATION_GROUP_METHODS.join(', ')}`];
  }
  if (typeof fields.max_delay !== 'string' || parseDuration(fields.max_delay) === null) {
    errors.max_delay = ['max_delay must be an ISO-8601 duration such as PT5M'];
  }
  if (Object.keys(errors).length > 0) throw new DomainError('The notification policy item is not valid', 'invalid', errors);
}

export function decideNotificationPolicyItem(command: NotificationPolicyCommand, state: NotificationPolicyItemState): NotificationPolicyEvent[] {
  // another organization's item does not exist for this caller
  const existing = state.item && state.item.orgId === command.orgId ? state.item : null;
  switch (command.type) {
    case 'CreatePolicyItem': {
      if (state.item) throw new DomainError('The notification policy item already exists', 'conflict');
      const { priority, notification_group_method, max_delay } = command;
      validate({ priority, notification_group_method, max_delay });
      return [{ type: 'PolicyItemCreated', data: { id: command.id, orgId: command.orgId, priority, notification_group_method, max_delay } }];
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
