import { ViewNames } from '@tocsin/contracts';
import type { QuotaName } from '@tocsin/domain';
import { anyOf, readModel, type ViewDocument, type ViewReader } from './read-model';

export interface OrganizationDoc extends ViewDocument {
  orgId: string;
  name: string;
  tier: string;
  createdAt: string;
  /** Operators' limits in place of the tier's (QuotaLimitSet). */
  quotaLimits: Partial<Record<QuotaName, number>>;
}

const model = readModel<OrganizationDoc>({ name: ViewNames.organizations, collection: 'organizations' });

export const organizationsView = {
  ...model,
  byId: (reader: ViewReader, orgId: string) => model.findOne(reader, { _id: orgId }),
  byIds: (reader: ViewReader, orgIds: readonly string[]) =>
    orgIds.length === 0 ? Promise.resolve([]) : model.find(reader, { _id: anyOf(orgIds) }),
};
