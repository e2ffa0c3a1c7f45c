import { ViewNames } from '@tocsin/contracts';
import type { Destination, NotificationType, Priority } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from './read-model';

/** GET signals_notification_settings: one document per setting, in the organization it was saved in. */
export interface NotificationSettingDoc extends ViewDocument {
  orgId: string;
  userId: string;
  notification_type: NotificationType;
  destination: Destination;
  delay: string;
  notification_priority: Priority;
  created_at: string;
  updated_at: string;
}

const model = readModel<NotificationSettingDoc>({
  name: ViewNames.notificationSettings,
  collection: 'notification_settings',
  indexes: [{ keys: { orgId: 1, userId: 1 } }],
});

export const notificationSettingsView = {
  ...model,
  /** The user's settings in the organization, only those of `priority` when given (unordered). */
  ofUser: (reader: ViewReader, orgId: string, userId: string | null, priority?: Priority) =>
    model.find(reader, { orgId, userId, ...(priority && { notification_priority: priority }) }),
  /** The organization's settings (one user's when `userId` is given), oldest first. */
  inOrganization: (reader: ViewReader, orgId: string, userId?: string) =>
    model.find(reader, { orgId, ...(userId && { userId }) }, { sort: { created_at: 1 } }),
  /** Another person's setting is not found, like an unknown id. */
  byId: (reader: ViewReader, orgId: string, userId: string | null, id: string) =>
    model.findOne(reader, { _id: id, orgId, userId }),
};
