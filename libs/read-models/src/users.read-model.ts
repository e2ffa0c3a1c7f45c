import { ViewNames } from '@tocsin/contracts';
import { anyOf, readModel, type ViewDocument, type ViewReader } from './read-model';

/** One document per user: profile, password hash (for sign-in), default organization and account settings. */
export interface UserDoc extends ViewDocument {
  email: string;
  name: string;
  passwordHash: string;
  defaultOrganization: string | null;
  createdAt: string;
  passwordChangedAt: string | null;
  /** The uploaded avatar's file name; null shows the default image. */
  avatar: string | null;
  /** The calendar subscription URL's secret as first issued (plain; older accounts), until it is rotated. */
  calendarToken: string | null;
  /** After a rotation: the secret's SHA-256 (found by the feed) and the public id the server derives it from. */
  calendarTokenHash?: string | null;
  calendarRotationId?: string | null;
  /** Hashes of the reset links still outstanding, so a link finds its user; the user stream checks expiry. */
  resetTokenHashes: string[];
  /** A new sign-in email waiting for its link, the link's hash (so it finds its user) and expiry; null when none. */
  pendingEmail?: { email: string; tokenHash: string; expiresAt: string } | null;
  emailChangeTokenHash?: string | null;
  /** Signed in through the organization's single sign-on (SsoLinked): password sign-in is refused. */
  ssoEnabled?: boolean;
  /** The organization whose single sign-on it is linked to: only that one's verified domains may sign it in. */
  ssoOrganizationId?: string | null;
}

const model = readModel<UserDoc>({
  name: ViewNames.users,
  collection: 'users',
  indexes: [
    { keys: { email: 1 } },
    { keys: { calendarToken: 1 } },
    { keys: { calendarTokenHash: 1 } },
    { keys: { resetTokenHashes: 1 } },
    { keys: { emailChangeTokenHash: 1 } },
  ],
});

/** Users are global (no organization): a person is one user across every organization they belong to. */
export const usersView = {
  ...model,
  byId: (reader: ViewReader, userId: string) => model.findOne(reader, { _id: userId }),
  byIds: (reader: ViewReader, userIds: readonly string[]) =>
    userIds.length === 0 ? Promise.resolve([]) : model.find(reader, { _id: anyOf(userIds) }),
  /** `email` as stored: lowercased and trimmed. */
  byEmail: (reader: ViewReader, email: string) => model.findOne(reader, { email }),
  byCalendarToken: (reader: ViewReader, token: string) => model.findOne(reader, { calendarToken: token }),
  byCalendarTokenHash: (reader: ViewReader, hash: string) => model.findOne(reader, { calendarTokenHash: hash }),
  byResetTokenHash: (reader: ViewReader, tokenHash: string) => model.findOne(reader, { resetTokenHashes: tokenHash }),
  byEmailChangeTokenHash: (reader: ViewReader, tokenHash: string) =>
    model.findOne(reader, { emailChangeTokenHash: tokenHash }),
};
