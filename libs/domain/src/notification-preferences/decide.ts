import { DomainError } from '../shared/event';
import type { NotificationSettingCommand } from './commands';
import type { NotificationSettingEvent, NotificationSettingFields } from './events';
import type { NotificationSettingsState } from './state';
import { validateNotificationSetting } from './validation';
import { ownValue } from '../shared/own';

function same(a: NotificationSettingFields, b: NotificationSettingFields): boolean {
  return (
    a.notification_type === b.notification_type &&
    a.delay === b.delay &&
    a.notification_priority === b.notification_priority &&
    a.destination.type === b.destination.type &&
    a.destination.value === b.destination.value
  );
}

export function decideNotificationSettings(
  command: NotificationSettingCommand,
  state: NotificationSettingsState,
): NotificationSettingEvent[] {
  switch (command.type) {
    case 'SaveNotificationSetting': {
      const fields = validateNotificationSetting(command);
      const existing = ownValue(state.settings, command.id);
      // a retry or an unchanged form records nothing
      if (existing && same(existing, fields)) return [];
      return [{ type: 'NotificationSettingSaved', data: { id: command.id, ...fields } }];
    }
    case 'RemoveNotificationSetting':
      if (!ownValue(state.settings, command.id)) throw new DomainError('Notification setting not found', 'not_found');
      return [{ type: 'NotificationSettingRemoved', data: { id: command.id } }];
  }
}
