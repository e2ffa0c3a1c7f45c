import type { OrganizationEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

/** One document per (organization, user): the user's role there. Id `{orgId}:{userId}`; removal deletes it. */
export interface MembershipDoc extends ViewDocument {
  orgId: string;
  userId: string;
  role: string;
  joinedAt: string;
}

export const membershipsProjection: Projection<MembershipDoc> = {
  name: 'memberships',
  version: 2,
  collection: 'memberships',
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
        return { _id: `${organizationId}:${userId}`, orgId: organizationId, userId, role, joinedAt: doc?.joinedAt ?? recorded.metadata.occurredAt };
      }
      case 'MemberRemoved':
        return null;
      default:
        return doc;
    }
  },
};
