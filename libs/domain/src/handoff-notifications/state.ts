import type { HandoffNotificationEvent, HandoffNotificationFields } from './events';

export interface HandoffNotificationsState {
  settings: Readonly<Record<string, HandoffNotificationFields>>;
}

export const initialHandoffNotifications = (): HandoffNotificationsState => ({ settings: {} });

export function evolveHandoffNotifications(state: HandoffNotificationsState, event: HandoffNotificationEvent): HandoffNotificationsState {
  switch (event.type) {
    case 'HandoffNotificationSaved': {
      const { id, ...fields } = event.data;
      return { settings: { ...state.settings, [id]: fields } };
    }
    case 'HandoffNotificationRemoved': {
      const { [event.data.id]: _removed, ...settings } = state.settings;
      return { settings };
    }
  }
}
