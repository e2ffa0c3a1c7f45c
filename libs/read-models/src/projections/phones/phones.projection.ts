import type { PhoneEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { phonesView, type PhoneDoc } from '../../phones.read-model';

export const phonesProjection: Projection<PhoneDoc> = {
  name: phonesView.name,
  version: 3,
  collection: phonesView.collection,
  indexes: phonesView.indexes,
  handles: ['PhoneAdded', 'PhoneVerificationSent', 'PhoneVerified', 'PhoneRemoved'],
  documentIds: (event) => [(event.data as { phoneId: string }).phoneId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as PhoneEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'PhoneAdded': {
        const { phoneId, userId, number, method } = event.data;
        return {
          _id: phoneId,
          userId,
          number,
          verification_method: method,
          verified: false,
          addedAt: recorded.position,
          created_at: at,
          updated_at: at,
        };
      }
      case 'PhoneVerificationSent':
        return doc && { ...doc, verification_method: event.data.method, updated_at: at };
      case 'PhoneVerified':
        return doc && { ...doc, verified: true, updated_at: at };
      case 'PhoneRemoved':
        return null;
      default:
        return doc;
    }
  },
};
