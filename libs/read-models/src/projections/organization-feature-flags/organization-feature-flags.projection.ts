import type { OrganizationEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import {
  organizationFeatureFlagsView,
  type OrganizationFeatureFlagsDoc,
} from '../../organization-feature-flags.read-model';

export const organizationFeatureFlagsProjection: Projection<OrganizationFeatureFlagsDoc> = {
  name: organizationFeatureFlagsView.name,
  version: 1,
  collection: organizationFeatureFlagsView.collection,
  indexes: organizationFeatureFlagsView.indexes,
  handles: ['FeatureFlagSet'],
  documentIds: (event) => [(event.data as { organizationId: string }).organizationId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as OrganizationEvent;
    if (event.type !== 'FeatureFlagSet') return doc;
    const { organizationId, flag, enabled } = event.data;
    return {
      _id: organizationId,
      orgId: organizationId,
      flags: { ...doc?.flags, [flag]: enabled },
      updatedAt: recorded.metadata.occurredAt,
    };
  },
};
