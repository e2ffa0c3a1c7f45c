import { ViewNames } from '@tocsin/contracts';
import type { CompliancePolicyItem, ComplianceSetting } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from './read-model';

/**
 * What compliance is computed from, per organization: one document with the policy items and one per
 * user with that user's settings in the organization. A user's compliance is `complianceOf(policy,
 * settings)` on read, so a policy change rewrites one small document (not one per member) and its
 * notice, sent to the organization's room, tells every open preferences page to refetch.
 */
export interface CompliancePolicyDoc extends ViewDocument {
  orgId: string;
  items: CompliancePolicyItem[];
}
export interface ComplianceSettingsDoc extends ViewDocument {
  orgId: string;
  userId: string;
  settings: ComplianceSetting[];
}
export type NotificationComplianceDoc = CompliancePolicyDoc | ComplianceSettingsDoc;

export const compliancePolicyDocId = (orgId: string) => `policy:${orgId}`;
export const complianceSettingsDocId = (orgId: string, userId: string) => `settings:${orgId}:${userId}`;

const model = readModel<NotificationComplianceDoc>({
  name: ViewNames.notificationCompliance,
  collection: 'notification_compliance',
  indexes: [{ keys: { orgId: 1, userId: 1 } }],
});

export const notificationComplianceView = {
  ...model,
  policyOf: (reader: ViewReader, orgId: string) =>
    model.findOne(reader, { _id: compliancePolicyDocId(orgId), orgId }) as Promise<CompliancePolicyDoc | null>,
  settingsOf: (reader: ViewReader, orgId: string, userId: string) =>
    model.findOne(reader, {
      _id: complianceSettingsDocId(orgId, userId),
      orgId,
    }) as Promise<ComplianceSettingsDoc | null>,
};
