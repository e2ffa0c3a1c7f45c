import { ViewNames } from '@tocsin/contracts';
import { readModel, type ViewDocument, type ViewReader } from './read-model';

/** One document per invitation, found by id (administration) or by token hash (the accept link). */
export interface InvitationDoc extends ViewDocument {
  orgId: string;
  email: string;
  role: string;
  tokenHash: string;
  expiresAt: string;
  status: 'pending' | 'accepted' | 'revoked';
  invitedBy: string | null;
  acceptedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

const model = readModel<InvitationDoc>({
  name: ViewNames.invitations,
  collection: 'invitations',
  indexes: [{ keys: { orgId: 1, status: 1, createdAt: -1 } }, { keys: { tokenHash: 1 } }],
});

export const invitationsView = {
  ...model,
  /** Another organization's invitation is not found, like an unknown id. */
  byId: (reader: ViewReader, orgId: string, invitationId: string) =>
    model.findOne(reader, { _id: invitationId, orgId }),
  /** The organization's invitations still waiting at `now` (ISO-8601), newest first. */
  pending: (reader: ViewReader, orgId: string, now: string) =>
    model.find(reader, { orgId, status: 'pending', expiresAt: { $gt: now } }, { sort: { createdAt: -1 } }),
  pendingByTokenHash: (reader: ViewReader, tokenHash: string) =>
    model.findOne(reader, { tokenHash, status: 'pending' }),
};
