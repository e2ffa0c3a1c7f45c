import type { Destination } from './notification-types';

/**
 * Create or update by id (a row saved with an id updates it). The fields arrive as the client sent them and
 * are validated by the decider. `availableDestinations` are the user's usable destinations (emails,
 * verified phones, chat identities, devices), read by the handler because finding them is I/O.
 */
export type SaveNotificationSetting = {
  type: 'SaveNotificationSetting';
  id: string;
  notification_type: unknown;
  destination: unknown;
  delay: unknown;
  notification_priority: unknown;
  availableDestinations: readonly Destination[];
};

export type RemoveNotificationSetting = { type: 'RemoveNotificationSetting'; id: string };

export type NotificationSettingCommand = SaveNotificationSetting | RemoveNotificationSetting;
