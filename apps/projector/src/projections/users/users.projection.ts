import type { UserEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

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
  /** The calendar subscription URL's secret, found by the feed endpoint. */
  calendarToken: string | null;
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

export const usersProjection: Projection<UserDoc> = {
  name: 'users',
  version: 5,
  collection: 'users',
  handles: [
    'UserRegistered', 'PasswordChanged', 'DefaultOrganizationSet', 'ProfileUpdated', 'AvatarChanged', 'PasswordResetRequested', 'PasswordReset', 'CalendarTokenIssued',
    'EmailChangeRequested', 'EmailChanged', 'SsoLinked',
  ],
  documentIds: (event) => [(event.data as { userId: string }).userId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, email, name, passwordHash } = event.data;
        return {
          _id: userId, email, name, passwordHash, defaultOrganization: null, createdAt: at, passwordChangedAt: null, avatar: null, calendarToken: null, resetTokenHashes: [],
          pendingEmail: null, emailChangeTokenHash: null, ssoEnabled: false, ssoOrganizationId: null,
        };
      }
      case 'PasswordChanged':
      case 'PasswordReset':
        return doc && { ...doc, passwordHash: event.data.passwordHash, passwordChangedAt: at, resetTokenHashes: [] };
      case 'DefaultOrganizationSet':
        return doc && { ...doc, defaultOrganization: event.data.organizationId };
      case 'ProfileUpdated':
        return doc && { ...doc, name: event.data.name };
      case 'AvatarChanged':
        return doc && { ...doc, avatar: event.data.imageName };
      case 'PasswordResetRequested':
        return doc && { ...doc, resetTokenHashes: [...doc.resetTokenHashes, event.data.tokenHash] };
      case 'CalendarTokenIssued':
        return doc && { ...doc, calendarToken: event.data.token };
      case 'EmailChangeRequested': {
        const { email, tokenHash, expiresAt } = event.data;
        return doc && { ...doc, pendingEmail: { email, tokenHash, expiresAt }, emailChangeTokenHash: tokenHash };
      }
      case 'EmailChanged':
        return doc && { ...doc, email: event.data.email, pendingEmail: null, emailChangeTokenHash: null };
      case 'SsoLinked':
        return doc && { ...doc, ssoEnabled: true, ssoOrganizationId: event.data.organizationId };
    }
  },
};
