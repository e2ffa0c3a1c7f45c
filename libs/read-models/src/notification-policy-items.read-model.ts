import { ViewNames } from '@tocsin/contracts';
import { readModel, type ViewDocument, type ViewReader } from './read-model';

/** GET signals/notification_policy_items: one document per policy item. */
export interface NotificationPolicyItemDoc extends ViewDocument {
  orgId: string;
  priority: string;
  notification_group_method: string;
  max_delay: string;
  created_at: string;
  updated_at: string;
}

const model = readModel<NotificationPolicyItemDoc>({
  name: ViewNames.notificationPolicyItems,
  collection: 'notification_policy_items',
  indexes: [{ keys: { orgId: 1 } }],
});

export const notificationPolicyItemsView = {
  ...model,
  inOrganization: (reader: ViewReader, orgId: string) => model.find(reader, { orgId }),
  /** Another organization's item is not found, like an unknown id. */
  byId: (reader: ViewReader, orgId: string, id: string) => model.findOne(reader, { _id: id, orgId }),
};
