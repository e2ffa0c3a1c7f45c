import type { ChatDestinationEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { chatDestinationsView, type ChatDestinationDoc } from '../../chat-destinations.read-model';

export const chatDestinationsProjection: Projection<ChatDestinationDoc> = {
  name: chatDestinationsView.name,
  version: 1,
  collection: chatDestinationsView.collection,
  indexes: chatDestinationsView.indexes,
  handles: ['ChatDestinationAdded', 'ChatDestinationCodeSent', 'ChatDestinationVerified', 'ChatDestinationRemoved'],
  documentIds: (event) => [(event.data as { destinationId: string }).destinationId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as ChatDestinationEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'ChatDestinationAdded': {
        const { destinationId, userId, kind, name, url } = event.data;
        return {
          _id: destinationId,
          userId,
          kind,
          name,
          sealedUrl: url.sealed,
          urlDigest: url.digest,
          url_hint: url.hint,
          verified: false,
          addedAt: recorded.position,
          created_at: at,
          updated_at: at,
        };
      }
      case 'ChatDestinationCodeSent':
        return doc && { ...doc, updated_at: at };
      case 'ChatDestinationVerified':
        return doc && { ...doc, verified: true, updated_at: at };
      case 'ChatDestinationRemoved':
        return null;
      default:
        return doc;
    }
  },
};
