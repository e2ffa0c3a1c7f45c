import { ViewNames } from '@tocsin/contracts';
import type { Permission } from '@tocsin/domain';
import { pageOf, readModel, type ViewDocument, type ViewReader } from './read-model';

/**
 * One document per API key, what a bearer token is checked against on every request: `secretHash` (the SHA-256 of
 * the current secret) and, during a rotation's overlap, `previousSecretHash` until `previousValidUntil`.
 */
export interface ApiKeyDoc extends ViewDocument {
  orgId: string;
  ownerId: string;
  name: string;
  sortName: string;
  scopes: Permission[];
  teamId: string | null;
  expiresAt: string | null;
  secretHash: string;
  secretHint: string;
  previousSecretHash: string | null;
  previousValidUntil: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
  created_at: string;
  updated_at: string;
}

const model = readModel<ApiKeyDoc>({
  name: ViewNames.apiKeys,
  collection: 'api_keys',
  indexes: [
    { keys: { secretHash: 1 }, unique: true },
    { keys: { previousSecretHash: 1 } },
    { keys: { orgId: 1, sortName: 1, _id: 1 } },
  ],
});

export const apiKeysView = {
  ...model,
  /** Another organization's key is not found, like an unknown id. */
  find: (reader: ViewReader, orgId: string, id: string) => model.findOne(reader, { _id: id, orgId }),
  /** The organization's keys among these ids (another organization's are left out). */
  byIds: (reader: ViewReader, orgId: string, ids: readonly string[]) =>
    model.find(reader, { orgId, _id: { $in: [...ids] } }),
  /** The key whose current secret hashes to this, in whichever organization. */
  bySecretHash: (reader: ViewReader, secretHash: string) => model.findOne(reader, { secretHash }),
  /** The key whose replaced secret (still valid during a rotation's overlap, perhaps) hashes to this. */
  byPreviousSecretHash: (reader: ViewReader, secretHash: string) =>
    model.findOne(reader, { previousSecretHash: secretHash }),
  /** A page of the organization's keys, by name. */
  ofOrg: (reader: ViewReader, orgId: string, query: { page: number; perPage: number }) =>
    pageOf(model, reader, { orgId }, { sortName: 1, _id: 1 }, query.page, query.perPage),
};
