import { DomainError } from '../shared/event';
import type { HandoffNotificationCommand } from './commands';
import type { HandoffNotificationEvent, HandoffNotificationFields } from './events';
import type { HandoffNotificationsState } from './state';
import { validateHandoffNotification, WEEKDAYS } from './validation';
import { ownValue } from '../shared/own';

function same(a: HandoffNotificationFields, b: HandoffNotificationFields): boolean {
  const scalars = (Object.keys(a) as Array<keyof HandoffNotificationFields>).filter((key) => key !== 'days');
  return scalars.every((key) => a[key] === b[key]) && WEEKDAYS.every((day) => a.days[day] === b.days[day]);
}

export function decideHandoffNotifications(
  command: HandoffNotificationCommand,
  state: HandoffNotificationsState,
): HandoffNotificationEvent[] {
  const existing = ownValue(state.settings, command.id);
  switch (command.type) {
    case 'SaveHandoffNotification': {
      const fields = validateHandoffNotification(command, existing ?? {});
      if (existing && same(existing, fields)) return [];
      return [{ type: 'HandoffNotificationSettingSaved', data: { id: command.id, ...fields } }];
    }
    case 'RemoveHandoffNotification':
      if (!existing) throw new DomainError('Handoff notification setting not found', 'not_found');
      return [{ type: 'HandoffNotificationSettingRemoved', data: { id: command.id } }];
  }
}
