import type { NotificationSettingEvent, NotificationSettingFields } from './events';

/** A user's settings by id. */
export interface NotificationSettingsState {
  settings: Readonly<Record<string, NotificationSettingFields>>;
}

export const initialNotificationSettings = (): NotificationSettingsState => ({ settings: {} });

export function evolveNotificationSettings(
  state: NotificationSettingsState,
  event: NotificationSettingEvent,
): NotificationSettingsState {
  switch (event.type) {
    case 'NotificationSettingSaved': {
      const { id, ...fields } = event.data;
      return { settings: { ...state.settings, [id]: fields } };
    }
    case 'NotificationSettingRemoved': {
      const { [event.data.id]: _removed, ...settings } = state.settings;
      return { settings };
    }
  }
}
