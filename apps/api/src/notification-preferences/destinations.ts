import type { Destination } from '@tocsin/domain';
import type { ReadStore } from '@tocsin/platform';
import { alternativeEmailsView, phonesView, usersView } from '@tocsin/read-models';

export interface DestinationOption extends Destination {
  label: string;
}

/**
 * Where each user can be notified: the one lookup that settings are validated against and the
 * destinations select offers. The account email, then verified alternative emails and verified
 * phones (a person's, in every organization); chat identities and devices join here when they exist.
 * Users are read together (three queries however many), so an organization-wide run stays cheap.
 */
export async function availableDestinationsOf(
  readStore: ReadStore,
  userIds: readonly string[],
): Promise<Map<string, DestinationOption[]>> {
  const ids = [...new Set(userIds)];
  const [users, emails, phones] = await Promise.all([
    usersView.byIds(readStore, ids),
    alternativeEmailsView.verifiedOf(readStore, ids),
    phonesView.verifiedOf(readStore, ids),
  ]);
  const found = new Map<string, DestinationOption[]>(
    users.map((user) => [user._id, [{ type: 'email', value: user.email, label: user.email }]]),
  );
  for (const doc of emails) found.get(doc.userId)?.push({ type: 'email', value: doc.email, label: doc.email });
  for (const doc of phones) found.get(doc.userId)?.push({ type: 'phone', value: doc.number, label: doc.number });
  return found;
}

export async function availableDestinations(readStore: ReadStore, userId: string): Promise<DestinationOption[]> {
  return (await availableDestinationsOf(readStore, [userId])).get(userId) ?? [];
}
