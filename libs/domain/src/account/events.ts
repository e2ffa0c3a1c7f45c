/** The person's own account: profile, password, sign-in email, avatar, calendar token and SSO link. */
export type UserRegistered = {
  type: 'UserRegistered';
  data: { userId: string; email: string; name: string; passwordHash: string };
};
export type PasswordChanged = { type: 'PasswordChanged'; data: { userId: string; passwordHash: string } };
export type DefaultOrganizationSet = {
  type: 'DefaultOrganizationSet';
  data: { userId: string; organizationId: string };
};
export type ProfileUpdated = { type: 'ProfileUpdated'; data: { userId: string; name: string } };
/** `imageName` is the stored file's name under the user's avatar folder (never a name the client chose). */
export type AvatarChanged = { type: 'AvatarChanged'; data: { userId: string; imageName: string } };
/** `tokenHash` is the SHA-256 of the emailed reset token: the token itself is never stored. */
export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: { userId: string; tokenHash: string; expiresAt: string };
};
export type PasswordReset = {
  type: 'PasswordReset';
  data: { userId: string; tokenHash: string; passwordHash: string };
};
/** The secret in the user's calendar subscription URL: calendar apps fetch it without a session. */
export type CalendarTokenIssued = { type: 'CalendarTokenIssued'; data: { userId: string; token: string } };
/** A new calendar subscription secret (only its hash and the public id it is derived from): the old one ends. */
export type CalendarTokenRotated = {
  type: 'CalendarTokenRotated';
  data: { userId: string; rotationId: string; tokenHash: string };
};
/** A change of sign-in email waiting for the link sent to `email` (the new address); a newer request replaces it. */
export type EmailChangeRequested = {
  type: 'EmailChangeRequested';
  data: { userId: string; email: string; tokenHash: string; expiresAt: string };
};
/** The link was followed: the user signs in with `email` from now on. */
export type EmailChanged = { type: 'EmailChanged'; data: { userId: string; previousEmail: string; email: string } };
/** The user signed in through their organization's single sign-on: from now on they sign in only that way. */
export type SsoLinked = { type: 'SsoLinked'; data: { userId: string; organizationId: string } };
export type UserEvent =
  | SsoLinked
  | UserRegistered
  | PasswordChanged
  | DefaultOrganizationSet
  | ProfileUpdated
  | AvatarChanged
  | PasswordResetRequested
  | PasswordReset
  | CalendarTokenIssued
  | CalendarTokenRotated
  | EmailChangeRequested
  | EmailChanged;

export const userStream = (userId: string) => `user-${userId}`;
