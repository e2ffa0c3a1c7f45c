import type { UserEvent } from './events';

export interface UserState {
  exists: boolean;
  name: string;
  email: string;
  /** The latest email change still waiting for its link. */
  pendingEmail: { email: string; tokenHash: string; expiresAt: string } | null;
  /** Outstanding reset tokens (hash -> expiry). Any password change voids them all. */
  resets: Record<string, string>;
  calendarToken: string | null;
  ssoEnabled: boolean;
  /** The organization whose single sign-on the account was last linked to. */
  ssoOrganizationId: string | null;
}

export const initialUser = (): UserState => ({
  exists: false,
  name: '',
  email: '',
  pendingEmail: null,
  resets: {},
  calendarToken: null,
  ssoEnabled: false,
  ssoOrganizationId: null,
});

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, exists: true, name: event.data.name, email: event.data.email };
    case 'ProfileUpdated':
      return { ...state, name: event.data.name };
    case 'PasswordResetRequested':
      return { ...state, resets: { ...state.resets, [event.data.tokenHash]: event.data.expiresAt } };
    case 'PasswordChanged':
    case 'PasswordReset':
      return { ...state, resets: {} };
    case 'CalendarTokenIssued':
      return { ...state, calendarToken: event.data.token };
    case 'CalendarTokenRotated':
      // a rotated secret is known by its hash only: the old plain one is gone, and no plain one is issued again
      return { ...state, calendarToken: `sha256:${event.data.tokenHash}` };
    case 'EmailChangeRequested':
      return {
        ...state,
        pendingEmail: { email: event.data.email, tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
      };
    case 'EmailChanged':
      return { ...state, email: event.data.email, pendingEmail: null };
    case 'SsoLinked':
      return { ...state, ssoEnabled: true, ssoOrganizationId: event.data.organizationId };
    case 'DefaultOrganizationSet':
    case 'AvatarChanged':
      return state;
  }
}
