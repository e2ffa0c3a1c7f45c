import type { OrganizationEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { membershipsView, type MembershipDoc } from '../../memberships.read-model';

export const membershipsProjection: Projection<MembershipDoc> = {
  name: membershipsView.name,
  version: 2,
  collection: membershipsView.collection,
  indexes: membershipsView.indexes,
  handles: ['MemberAdded', 'RoleGranted', 'MemberRemoved'],
  documentIds: (event) => {
    const { organizationId, userId } = event.data as { organizationId: string; userId: string };
    return [`${organizationId}:${userId}`];
  },
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as OrganizationEvent;
    switch (event.type) {
      case 'MemberAdded':
      case 'RoleGranted': {
        const { organizationId, userId, role } = event.data;
        return {
          _id: `${organizationId}:${userId}`,
          orgId: organizationId,
          userId,
          role,
          joinedAt: doc?.joinedAt ?? recorded.metadata.occurredAt,
        };
      }
      case 'MemberRemoved':
        return null;
      default:
        return doc;
    }
  },
};
