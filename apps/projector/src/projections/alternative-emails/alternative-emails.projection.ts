import type { AlternativeEmailEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

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

export const alternativeEmailsProjection: Projection<AlternativeEmailDoc> = {
  name: 'alternative_emails',
  version: 1,
  collection: 'alternative_emails',
  handles: ['AlternativeEmailAdded', 'AlternativeEmailVerificationSent', 'AlternativeEmailVerified', 'AlternativeEmailRemoved'],
  documentIds: (event) => [(event.data as { alternativeEmailId: string }).alternativeEmailId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as AlternativeEmailEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'AlternativeEmailAdded': {
        const { alternativeEmailId, userId, email, tokenHash } = event.data;
        return { _id: alternativeEmailId, userId, email, verified: false, tokenHash, addedAt: recorded.position, created_at: at, updated_at: at };
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
