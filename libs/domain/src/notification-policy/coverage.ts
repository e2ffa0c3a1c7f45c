import type { Role } from '../access/roles';

/** An organization role, as the policy's coverage reads it (the one import of the role type in this folder). */
export type PolicyRole = Role;

/**
 * Whom the organization's notification policy covers: members and owners, the roles that are paged and that
 * may change their own preferences (SPEC.md section 6: "The notification form requires member or owner").
 * Viewers and collaborators read their preferences but cannot bring them in line, so the policy is not held
 * against them: their compliance, the banners and the organization-wide 'Match & update all' all leave them out.
 */
export const POLICY_COVERED_ROLES: readonly PolicyRole[] = ['member', 'owner'];

export const isCoveredByPolicy = (role: PolicyRole | null | undefined): boolean =>
  !!role && POLICY_COVERED_ROLES.includes(role);
