import type { OrganizationEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

export interface OrganizationDoc extends ViewDocument {
  orgId: string;
  name: string;
  tier: string;
  createdAt: string;
}

export const organizationsProjection: Projection<OrganizationDoc> = {
  name: 'organizations',
  version: 2,
  collection: 'organizations',
  handles: ['OrganizationCreated', 'OrganizationRenamed'],
  documentIds: (event) => [(event.data as { organizationId: string }).organizationId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as OrganizationEvent;
    switch (event.type) {
      case 'OrganizationCreated': {
        const { organizationId, name, tier } = event.data;
        return { _id: organizationId, orgId: organizationId, name, tier, createdAt: recorded.metadata.occurredAt };
      }
      case 'OrganizationRenamed':
        return doc && { ...doc, name: event.data.name };
      default:
        return doc;
    }
  },
};
