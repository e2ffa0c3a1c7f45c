import type { Destination } from '@tocsin/domain';
import type { ReadStore } from '@tocsin/platform';
import { alternativeEmailsProjection, phonesProjection, type AlternativeEmailDoc, type PhoneDoc } from '@tocsin/projector';

export interface DestinationOption extends Destination {
  label: string;
}

/**
 * Where the user can be notified: the one lookup that settings are validated against and the
 * destinations select offers. The account email, then verified alternative emails and verified
 * phones (a person's, in every organization); chat identities and devices join here when they exist.
 */
export async function availableDestinations(readStore: ReadStore, userId: string): Promise<DestinationOption[]> {
  const [user, emails, phones] = await Promise.all([
    readStore.findOne<{ _id: string; email: string }>('users', { _id: userId }),
    readStore.find<AlternativeEmailDoc>(alternativeEmailsProjection.collection, { userId, verified: true }, { sort: { created_at: 1 } }),
    readStore.find<PhoneDoc>(phonesProjection.collection, { userId, verified: true }, { sort: { created_at: 1 } }),
  ]);
  if (!user) return [];
  return [
    { type: 'email', value: user.email, label: user.email },
    ...emails.map((doc): DestinationOption => ({ type: 'email', value: doc.email, label: doc.email })),
    ...phones.map((doc): DestinationOption => ({ type: 'phone', value: doc.number, label: doc.number })),
  ];
}
