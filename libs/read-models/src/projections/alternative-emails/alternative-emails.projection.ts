import type { AlternativeEmailEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { alternativeEmailsView, type AlternativeEmailDoc } from '../../alternative-emails.read-model';

export const alternativeEmailsProjection: Projection<AlternativeEmailDoc> = {
  name: alternativeEmailsView.name,
  version: 1,
  collection: alternativeEmailsView.collection,
  indexes: alternativeEmailsView.indexes,
  handles: [
    'AlternativeEmailAdded',
    'AlternativeEmailVerificationSent',
    'AlternativeEmailVerified',
    'AlternativeEmailRemoved',
  ],
  documentIds: (event) => [(event.data as { alternativeEmailId: string }).alternativeEmailId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as AlternativeEmailEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'AlternativeEmailAdded': {
        const { alternativeEmailId, userId, email, tokenHash } = event.data;
        return {
          _id: alternativeEmailId,
          userId,
          email,
          verified: false,
          tokenHash,
          addedAt: recorded.position,
          created_at: at,
          updated_at: at,
        };
      }
      case 'AlternativeEmailVerificationSent':
        return doc && { ...doc, tokenHash: event.data.tokenHash, updated_at: at };
      case 'AlternativeEmailVerified':
        return doc && { ...doc, verified: true, updated_at: at };
      case 'AlternativeEmailRemoved':
        return null;
    }
  },
};
