import { renamedEvents } from '../shared/renamed-events';
import type { FeatureFlag } from './feature-flags';
import type { QuotaName } from './tiers';

/** An organization: its name, members and their roles, invitations, feature flags and quota limits. */
export type AccountRole = 'viewer' | 'collaborator' | 'member' | 'owner';

export type OrganizationCreated = {
  type: 'OrganizationCreated';
  data: { organizationId: string; name: string; tier: 'essentials' | 'free' | 'enterprise' };
};
export type MemberAdded = { type: 'MemberAdded'; data: { organizationId: string; userId: string; role: AccountRole } };
export type RoleGranted = { type: 'RoleGranted'; data: { organizationId: string; userId: string; role: AccountRole } };
export type MemberRemoved = { type: 'MemberRemoved'; data: { organizationId: string; userId: string } };
export type OrganizationRenamed = { type: 'OrganizationRenamed'; data: { organizationId: string; name: string } };
export type FeatureFlagSet = {
  type: 'FeatureFlagSet';
  data: { organizationId: string; flag: FeatureFlag; enabled: boolean };
};
/** A Tocsin operator's limit for this organization in place of its tier's; `maximum` null goes back to the tier's. */
export type QuotaLimitSet = {
  type: 'QuotaLimitSet';
  data: { organizationId: string; quota: QuotaName; maximum: number | null };
};
/** `tokenHash` is the SHA-256 of the emailed token: the token itself is never stored. */
export type MemberInvited = {
  type: 'MemberInvited';
  data: {
    organizationId: string;
    invitationId: string;
    email: string;
    role: AccountRole;
    tokenHash: string;
    expiresAt: string;
    invitedBy: string | null;
  };
};
export type InvitationAccepted = {
  type: 'InvitationAccepted';
  data: { organizationId: string; invitationId: string; userId: string };
};
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
export type RecordedOrganizationEvent =
  OrganizationEvent | { type: keyof typeof ORGANIZATION_EVENT_ALIASES; data: unknown };

const organizationRenames = renamedEvents<OrganizationEvent>(ORGANIZATION_EVENT_ALIASES);

/** The recorded names a reader of `current` must also accept. */
export const organizationEventNames: (current: OrganizationEvent['type']) => string[] = organizationRenames.namesOf;

export const upcastOrganizationEvent: (event: RecordedOrganizationEvent) => OrganizationEvent =
  organizationRenames.upcast;

export const organizationStream = (organizationId: string) => `organization-${organizationId}`;
