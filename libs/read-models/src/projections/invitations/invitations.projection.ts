import { organizationEventNames, upcastOrganizationEvent, type RecordedOrganizationEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { invitationsView, type InvitationDoc } from '../../invitations.read-model';

export const invitationsProjection: Projection<InvitationDoc> = {
  name: invitationsView.name,
  version: 1,
  collection: invitationsView.collection,
  indexes: invitationsView.indexes,
  // the old names too: events recorded before a rename are read, never rewritten
  handles: [...organizationEventNames('MemberInvited'), 'InvitationAccepted', 'InvitationRevoked'],
  documentIds: (event) => [(event.data as { invitationId: string }).invitationId],
  evolve(doc, recorded: RecordedEvent) {
    const event = upcastOrganizationEvent({ type: recorded.type, data: recorded.data } as RecordedOrganizationEvent);
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'MemberInvited': {
        const { organizationId, invitationId, email, role, tokenHash, expiresAt, invitedBy } = event.data;
        return {
          _id: invitationId,
          orgId: organizationId,
          email,
          role,
          tokenHash,
          expiresAt,
          status: 'pending',
          invitedBy,
          acceptedBy: null,
          createdAt: at,
          updatedAt: at,
        };
      }
      case 'InvitationAccepted':
        return doc && { ...doc, status: 'accepted', acceptedBy: event.data.userId, updatedAt: at };
      case 'InvitationRevoked':
        return doc && { ...doc, status: 'revoked', updatedAt: at };
      default:
        return doc;
    }
  },
};
