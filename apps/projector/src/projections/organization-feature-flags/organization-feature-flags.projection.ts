import type { FeatureFlag, OrganizationEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

/**
 * The flags an organization set, by organization id. Only what was set is kept: readers lay it over
 * DEFAULT_FEATURE_FLAGS, so a changed default reaches every organization that never touched it.
 */
export interface OrganizationFeatureFlagsDoc extends ViewDocument {
  orgId: string;
  flags: Partial<Record<FeatureFlag, boolean>>;
  updatedAt: string;
}

export const organizationFeatureFlagsProjection: Projection<OrganizationFeatureFlagsDoc> = {
  name: 'organization-feature-flags',
  version: 1,
  collection: 'organization_feature_flags',
  handles: ['FeatureFlagSet'],
  documentIds: (event) => [(event.data as { organizationId: string }).organizationId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as OrganizationEvent;
    if (event.type !== 'FeatureFlagSet') return doc;
    const { organizationId, flag, enabled } = event.data;
    return { _id: organizationId, orgId: organizationId, flags: { ...doc?.flags, [flag]: enabled }, updatedAt: recorded.metadata.occurredAt };
  },
};
