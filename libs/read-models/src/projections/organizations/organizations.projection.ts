import type { OrganizationEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { organizationsView, type OrganizationDoc } from '../../organizations.read-model';

export const organizationsProjection: Projection<OrganizationDoc> = {
  name: organizationsView.name,
  version: 3,
  collection: organizationsView.collection,
  indexes: organizationsView.indexes,
  handles: ['OrganizationCreated', 'OrganizationRenamed', 'QuotaLimitSet'],
  documentIds: (event) => [(event.data as { organizationId: string }).organizationId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as OrganizationEvent;
    switch (event.type) {
      case 'OrganizationCreated': {
        const { organizationId, name, tier } = event.data;
        return {
          _id: organizationId,
          orgId: organizationId,
          name,
          tier,
          createdAt: recorded.metadata.occurredAt,
          quotaLimits: {},
        };
      }
      case 'OrganizationRenamed':
        return doc && { ...doc, name: event.data.name };
      case 'QuotaLimitSet': {
        if (!doc) return doc;
        const { [event.data.quota]: _previous, ...others } = doc.quotaLimits ?? {};
        return {
          ...doc,
          quotaLimits: event.data.maximum === null ? others : { ...others, [event.data.quota]: event.data.maximum },
        };
      }
      default:
        return doc;
    }
  },
};
