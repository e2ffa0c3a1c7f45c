import { ViewNames } from '@tocsin/contracts';
import type { PhoneVerificationMethod } from '@tocsin/domain';
import { anyOf, pageOf, readModel, type ViewDocument, type ViewReader } from './read-model';

/**
 * GET /api/v1/phones: one document per phone number. Phones belong to the person across their
 * organizations, so the tenant is `userId`, not an organization. Codes and their salts never reach the view (the
 * phone's stream checks an entered code).
 */
export interface PhoneDoc extends ViewDocument {
  userId: string;
  number: string;
  verification_method: PhoneVerificationMethod;
  verified: boolean;
  /** The log position of PhoneAdded: lists keep the order numbers were added in, even within a millisecond. */
  addedAt: number;
  created_at: string;
  updated_at: string;
}

const model = readModel<PhoneDoc>({
  name: ViewNames.phones,
  collection: 'phones',
  indexes: [{ keys: { userId: 1, addedAt: 1 } }, { keys: { userId: 1, verified: 1, created_at: 1 } }],
});

export const phonesView = {
  ...model,
  /** Another person's phone is not found, like an unknown id. */
  byId: (reader: ViewReader, userId: string, phoneId: string) => model.findOne(reader, { _id: phoneId, userId }),
  ofUser: (reader: ViewReader, userId: string) => model.find(reader, { userId }),
  /** A page of the person's numbers in the order they were added; `verified` narrows it. */
  page: (reader: ViewReader, query: { userId: string; verified?: boolean; page: number; perPage: number }) => {
    const { userId, verified, page, perPage } = query;
    return pageOf(
      model,
      reader,
      verified === undefined ? { userId } : { userId, verified },
      { addedAt: 1 },
      page,
      perPage,
    );
  },
  /** The verified numbers of each of `userIds`, oldest first. */
  verifiedOf: (reader: ViewReader, userIds: readonly string[]) =>
    model.find(reader, { userId: anyOf(userIds), verified: true }, { sort: { created_at: 1 } }),
};
