import {
  upcastHandoffNotificationEvent,
  type HandoffNotificationFields,
  type RecordedHandoffNotificationEvent,
} from './events';

export interface HandoffNotificationsState {
  settings: Readonly<Record<string, HandoffNotificationFields>>;
}

export const initialHandoffNotifications = (): HandoffNotificationsState => ({ settings: {} });

export function evolveHandoffNotifications(
  state: HandoffNotificationsState,
  recorded: RecordedHandoffNotificationEvent,
): HandoffNotificationsState {
  const event = upcastHandoffNotificationEvent(recorded);
  switch (event.type) {
    case 'HandoffNotificationSettingSaved': {
      const { id, ...fields } = event.data;
      return { settings: { ...state.settings, [id]: fields } };
    }
    case 'HandoffNotificationSettingRemoved': {
      const { [event.data.id]: _removed, ...settings } = state.settings;
      return { settings };
    }
  }
}
