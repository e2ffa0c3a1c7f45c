import { ViewNames } from '@tocsin/contracts';
import type { ChatDestinationKind } from '@tocsin/domain';
import { anyOf, readModel, type ViewDocument, type ViewReader } from './read-model';

/**
 * GET /api/v1/chat_destinations: a person's Slack and Teams webhooks, across their organizations (the tenant is
 * `userId`, like phones). The URL stays sealed here: paging opens it, the API shows only `url_hint`.
 */
export interface ChatDestinationDoc extends ViewDocument {
  userId: string;
  kind: ChatDestinationKind;
  name: string;
  sealedUrl: string;
  urlDigest: string;
  url_hint: string;
  verified: boolean;
  /** The log position of ChatDestinationAdded: lists keep the order destinations were added in. */
  addedAt: number;
  created_at: string;
  updated_at: string;
}

const model = readModel<ChatDestinationDoc>({
  name: ViewNames.chatDestinations,
  collection: 'chat_destinations',
  indexes: [{ keys: { userId: 1, addedAt: 1 } }, { keys: { userId: 1, verified: 1, addedAt: 1 } }],
});

export const chatDestinationsView = {
  ...model,
  /** Another person's destination is not found, like an unknown id. */
  byId: (reader: ViewReader, userId: string, destinationId: string) =>
    model.findOne(reader, { _id: destinationId, userId }),
  ofUser: (reader: ViewReader, userId: string) => model.find(reader, { userId }, { sort: { addedAt: 1 } }),
  /** The verified destinations of each of `userIds`, oldest first. */
  verifiedOf: (reader: ViewReader, userIds: readonly string[]) =>
    model.find(reader, { userId: anyOf(userIds), verified: true }, { sort: { addedAt: 1 } }),
};
