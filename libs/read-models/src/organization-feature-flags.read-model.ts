import { ViewNames } from '@tocsin/contracts';
import type { FeatureFlag } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from './read-model';

/**
 * The flags an organization set, by organization id. Only what was set is kept: readers lay it over
 * DEFAULT_FEATURE_FLAGS, so a changed default reaches every organization that never touched it.
 */
export interface OrganizationFeatureFlagsDoc extends ViewDocument {
  orgId: string;
  flags: Partial<Record<FeatureFlag, boolean>>;
  updatedAt: string;
}

const model = readModel<OrganizationFeatureFlagsDoc>({
  name: ViewNames.organizationFeatureFlags,
  collection: 'organization_feature_flags',
});

export const organizationFeatureFlagsView = {
  ...model,
  of: (reader: ViewReader, orgId: string) => model.findOne(reader, { _id: orgId }),
};
