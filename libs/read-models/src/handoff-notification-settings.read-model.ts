import { ViewNames } from '@tocsin/contracts';
import type { HandoffNotificationFields } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from './read-model';

/** GET signals/handoff_notification_settings: one document per setting, in the organization it was saved in. */
export type HandoffNotificationSettingDoc = ViewDocument &
  HandoffNotificationFields & { orgId: string; userId: string; created_at: string; updated_at: string };

const model = readModel<HandoffNotificationSettingDoc>({
  name: ViewNames.handoffNotificationSettings,
  collection: 'handoff_notification_settings',
  indexes: [{ keys: { orgId: 1, userId: 1, created_at: 1 } }],
});

export const handoffNotificationSettingsView = {
  ...model,
  /** The user's settings in the organization, oldest first. */
  ofUser: (reader: ViewReader, orgId: string, userId: string | null) =>
    model.find(reader, { orgId, userId }, { sort: { created_at: 1 } }),
  /** Another person's setting is not found, like an unknown id. */
  byId: (reader: ViewReader, orgId: string, userId: string | null, id: string) =>
    model.findOne(reader, { _id: id, orgId, userId }),
};
