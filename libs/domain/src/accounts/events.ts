import { renamedEvents } from '../shared/renamed-events';
import type { FeatureFlag } from '../identity/feature-flags';
import type { QuotaName } from '../identity/tiers';

/** Accounts: users, organizations and their memberships, and sessions. Streams below. */
export type AccountRole = 'viewer' | 'collaborator' | 'member' | 'owner';

export type UserRegistered = { type: 'UserRegistered'; data: { userId: string; email: string; name: string; passwordHash: string } };
export type PasswordChanged = { type: 'PasswordChanged'; data: { userId: string; passwordHash: string } };
export type DefaultOrganizationSet = { type: 'DefaultOrganizationSet'; data: { userId: string; organizationId: string } };
export type ProfileUpdated = { type: 'ProfileUpdated'; data: { userId: string; name: string } };
/** `imageName` is the stored file's name under the user's avatar folder (never a name the client chose). */
export type AvatarChanged = { type: 'AvatarChanged'; data: { userId: string; imageName: string } };
/** `tokenHash` is the SHA-256 of the emailed reset token: the token itself is never stored. */
export type PasswordResetRequested = { type: 'PasswordResetRequested'; data: { userId: string; tokenHash: string; expiresAt: string } };
export type PasswordReset = { type: 'PasswordReset'; data: { userId: string; tokenHash: string; passwordHash: string } };
/** The secret in the user's calendar subscription URL: calendar apps fetch it without a session. */
export type CalendarTokenIssued = { type: 'CalendarTokenIssued'; data: { userId: string; token: string } };
/** A change of sign-in email waiting for the link sent to `email` (the new address); a newer request replaces it. */
export type EmailChangeRequested = { type: 'EmailChangeRequested'; data: { userId: string; email: string; tokenHash: string; expiresAt: string } };
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
  | EmailChangeRequested
  | EmailChanged;

/** Reserves an email address for one user: appended with "no stream", so two sign-ups cannot share it. */
export type EmailReserved = { type: 'EmailReserved'; data: { email: string; userId: string } };
/** The user moved to another address: this one may be reserved again (appended at the stream's revision). */
export type EmailReleased = { type: 'EmailReleased'; data: { email: string; userId: string } };

export type OrganizationCreated = { type: 'OrganizationCreated'; data: { organizationId: string; name: string; tier: 'essentials' | 'free' | 'enterprise' } };
export type MemberAdded = { type: 'MemberAdded'; data: { organizationId: string; userId: string; role: AccountRole } };
export type RoleGranted = { type: 'RoleGranted'; data: { organizationId: string; userId: string; role: AccountRole } };
export type MemberRemoved = { type: 'MemberRemoved'; data: { organizationId: string; userId: string } };
export type OrganizationRenamed = { type: 'OrganizationRenamed'; data: { organizationId: string; name: string } };
export type FeatureFlagSet = { type: 'FeatureFlagSet'; data: { organizationId: string; flag: FeatureFlag; enabled: boolean } };
/** A Tocsin operator's limit for this organization in place of its tier's; `maximum` null goes back to the tier's. */
export type QuotaLimitSet = { type: 'QuotaLimitSet'; data: { organizationId: string; quota: QuotaName; maximum: number | null } };
/** `tokenHash` is the SHA-256 of the emailed token: the token itself is never stored. */
export type MemberInvited = {
  type: 'MemberInvited';
  data: { organizationId: string; invitationId: string; email: string; role: AccountRole; tokenHash: string; expiresAt: string; invitedBy: string | null };
};
export type InvitationAccepted = { type: 'InvitationAccepted'; data: { organizationId: string; invitationId: string; userId: string } };
export type InvitationRevoked = { type: 'InvitationRevoked'; data: { organizationId: string; invitationId: string } };
export type OrganizationEvent =
  | OrganizationCreated
  | MemberAdded
  | RoleGranted
  | MemberRemoved
  | OrganizationRenamed
  | FeatureFlagSet
  | QuotaLimitSet
  | MemberInvited
  | InvitationAccepted
  | InvitationRevoked;

/**
 * The names organization events were first recorded under, read as today's (ARCHITECTURE.md: old versions
 * are upcast when read; events are never rewritten). `InvitationSent` became `MemberInvited`, data unchanged.
 */
export const ORGANIZATION_EVENT_ALIASES = {
  InvitationSent: 'MemberInvited',
} as const satisfies Record<string, OrganizationEvent['type']>;

/** An organization event as recorded, under its current name or an old one. */
export type RecordedOrganizationEvent = OrganizationEvent | { type: keyof typeof ORGANIZATION_EVENT_ALIASES; data: unknown };

const organizationRenames = renamedEvents<OrganizationEvent>(ORGANIZATION_EVENT_ALIASES);

/** The recorded names a reader of `current` must also accept. */
export const organizationEventNames: (current: OrganizationEvent['type']) => string[] = organizationRenames.namesOf;

export const upcastOrganizationEvent: (event: RecordedOrganizationEvent) => OrganizationEvent = organizationRenames.upcast;

export type SessionStarted = {
  type: 'SessionStarted';
  /** `sessionKey` is the SHA-256 of the cookie's secret: the secret itself is never stored. */
  data: { sessionKey: string; userId: string; organizationId: string; expiresAt: string; staff: boolean };
};
export type SessionOrganizationSwitched = { type: 'SessionOrganizationSwitched'; data: { sessionKey: string; organizationId: string } };
export type SessionEndReason = 'signed_out' | 'password_changed' | 'expired' | 'member_removed' | 'staff_access_exited';
export type SessionEnded = { type: 'SessionEnded'; data: { sessionKey: string; reason: SessionEndReason } };
export type SessionEvent = SessionStarted | SessionOrganizationSwitched | SessionEnded;

export const userStream = (userId: string) => `user-${userId}`;
export const emailStream = (email: string) => `userEmail-${email.trim().toLowerCase()}`;
export const organizationStream = (organizationId: string) => `organization-${organizationId}`;
export const sessionStream = (sessionKey: string) => `session-${sessionKey}`;
