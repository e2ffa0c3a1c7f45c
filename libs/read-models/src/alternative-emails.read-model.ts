import { ViewNames } from '@tocsin/contracts';
import { anyOf, readModel, type ViewDocument, type ViewReader } from './read-model';

/**
 * GET /internal_api/v1/alternative_emails: one document per address, tenant `userId` (the person's,
 * across organizations). `tokenHash` is the newest link's, so a clicked link finds its address; the
 * stream checks expiry.
 */
export interface AlternativeEmailDoc extends ViewDocument {
  userId: string;
  email: string;
  verified: boolean;
  tokenHash: string;
  /** The log position of AlternativeEmailAdded, for a stable oldest-first list. */
  addedAt: number;
  created_at: string;
  updated_at: string;
}

const model = readModel<AlternativeEmailDoc>({
  name: ViewNames.alternativeEmails,
  collection: 'alternative_emails',
  indexes: [{ keys: { userId: 1, addedAt: 1 } }, { keys: { tokenHash: 1 } }],
});

export const alternativeEmailsView = {
  ...model,
  /** Another person's address is not found, like an unknown id. */
  byId: (reader: ViewReader, userId: string, id: string) => model.findOne(reader, { _id: id, userId }),
  byTokenHash: (reader: ViewReader, tokenHash: string) => model.findOne(reader, { tokenHash }),
  /** The person's addresses, oldest first. */
  ofUser: (reader: ViewReader, userId: string) => model.find(reader, { userId }, { sort: { addedAt: 1 } }),
  /** The verified addresses of each of `userIds`, oldest first. */
  verifiedOf: (reader: ViewReader, userIds: readonly string[]) =>
    model.find(reader, { userId: anyOf(userIds), verified: true }, { sort: { created_at: 1 } }),
};
