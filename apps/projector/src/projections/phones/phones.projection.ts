import type { PhoneEvent, PhoneVerificationMethod } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

/**
 * GET /api/v1/phones: one document per phone number. Phones belong to the person across their
 * organizations, so the tenant is `userId`, not an organization. Codes never reach the view.
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

export const phonesProjection: Projection<PhoneDoc> = {
  name: 'phones',
  version: 1,
  collection: 'phones',
  handles: ['PhoneAdded', 'PhoneVerificationSent', 'PhoneVerified', 'PhoneRemoved'],
  documentIds: (event) => [(event.data as { phoneId: string }).phoneId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as PhoneEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'PhoneAdded': {
        const { phoneId, userId, number, method } = event.data;
        return { _id: phoneId, userId, number, verification_method: method, verified: false, addedAt: recorded.position, created_at: at, updated_at: at };
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
