import { NOTIFICATION_TYPE_LABELS, PUSH_PLATFORM_TYPES, type Destination, type PushPlatform } from '@tocsin/domain';
import type { ReadStore } from '@tocsin/platform';
import {
  alternativeEmailsView,
  chatDestinationsView,
  phonesView,
  pushDevicesView,
  usersView,
} from '@tocsin/read-models';

const PLATFORM_LABELS: Record<PushPlatform, string> = { ios: 'iOS', android: 'Android', web: 'Web' };

export interface DestinationOption extends Destination {
  label: string;
}

/**
 * Where each user can be notified: the one lookup that settings are validated against and the
 * destinations select offers. The account email, then verified alternative emails, verified phones,
 * verified Slack and Teams webhooks and registered push devices (a person's, in every organization). A webhook or
 * a device is named by its id (its URL or token stays sealed; paging opens it), labelled by its name and hint.
 * Users are read together (five queries however many), so an organization-wide run stays cheap.
 */
export async function availableDestinationsOf(
  readStore: ReadStore,
  userIds: readonly string[],
): Promise<Map<string, DestinationOption[]>> {
  const ids = [...new Set(userIds)];
  const [users, emails, phones, chats, devices] = await Promise.all([
    usersView.byIds(readStore, ids),
    alternativeEmailsView.verifiedOf(readStore, ids),
    phonesView.verifiedOf(readStore, ids),
    chatDestinationsView.verifiedOf(readStore, ids),
    pushDevicesView.of(readStore, ids),
  ]);
  const found = new Map<string, DestinationOption[]>(
    users.map((user) => [user._id, [{ type: 'email', value: user.email, label: user.email }]]),
  );
  for (const doc of emails) found.get(doc.userId)?.push({ type: 'email', value: doc.email, label: doc.email });
  for (const doc of phones) found.get(doc.userId)?.push({ type: 'phone', value: doc.number, label: doc.number });
  for (const doc of chats) {
    const label = `${doc.name || NOTIFICATION_TYPE_LABELS[doc.kind]} (${doc.url_hint})`;
    found.get(doc.userId)?.push({ type: doc.kind, value: doc._id, label });
  }
  for (const doc of devices) {
    const platform = PLATFORM_LABELS[doc.platform];
    const label = doc.name ? `${doc.name} (${platform})` : `${platform} device ${doc.token_hint}`;
    found.get(doc.userId)?.push({ type: PUSH_PLATFORM_TYPES[doc.platform], value: doc._id, label });
  }
  return found;
}

export async function availableDestinations(readStore: ReadStore, userId: string): Promise<DestinationOption[]> {
  return (await availableDestinationsOf(readStore, [userId])).get(userId) ?? [];
}
