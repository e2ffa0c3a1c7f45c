import type { FeatureFlag } from '../organization-admin/feature-flags';
import type { Permission } from './permissions';
import type { Role } from './roles';

/**
 * The access checks of SPEC.md section 6. Each answers 'pending' while what it needs is still loading, so a
 * screen shows neither the control nor the denial until it knows. Fetch errors are not modelled here: the caller's
 * query reports its own error, and with no permissions loaded these checks deny.
 *
 * `rbacEnforced` is the rbacCandidateControl flag seen from the permission side: when it is on, permissions gate
 * access and the role check steps aside; when it is off, roles gate access and the permission checks grant.
 */
export type AccessDecision = 'granted' | 'denied' | 'pending';

export interface RoleCheck {
  loading: boolean;
  role: Role | null | undefined;
  allowedRoles: readonly Role[];
  flags: Partial<Record<FeatureFlag, boolean>>;
}

export function checkRole({ loading, role, allowedRoles, flags }: RoleCheck): AccessDecision {
  if (loading) return 'pending';
  if (flags.rbacCandidateControl) return 'granted';
  return role != null && allowedRoles.includes(role) ? 'granted' : 'denied';
}

export interface OrganizationPermissionCheck {
  loading: boolean;
  /** Pass the rbacCandidateControl flag. */
  rbacEnforced: boolean;
  required?: Permission | null;
  /** The signed-in user's own organization permissions. */
  permissions: readonly Permission[];
}

export function checkOrganizationPermission({
  loading,
  rbacEnforced,
  required,
  permissions,
}: OrganizationPermissionCheck): AccessDecision {
  if (!rbacEnforced || !required) return 'granted';
  if (loading) return 'pending';
  return permissions.includes(required) ? 'granted' : 'denied';
}

/** The part of a team (SPEC.md section 3) that access depends on. */
export interface TeamAccess {
  restrict_signals_resource_management: boolean;
}

export interface TeamPermissionCheck {
  loading: boolean;
  /** Pass the rbacCandidateControl flag. */
  rbacEnforced: boolean;
  /** The team-level slug, which may differ from the organization-level one for the same action. */
  required?: Permission | null;
  team: TeamAccess;
  /** The user's permissions in this team's membership; empty when not a member. */
  membershipPermissions: readonly Permission[];
  isOrganizationOwner: boolean;
  /** Alerts, schedules, rules, escalation policies and other signals resources owned by the team. */
  signalsResource: boolean;
  /** Lets a team that does not restrict signals resource management leave its signals resources open to all. */
  fallbackFlag: boolean;
}

export function checkTeamPermission(input: TeamPermissionCheck): AccessDecision {
  const {
    loading,
    rbacEnforced,
    required,
    team,
    membershipPermissions,
    isOrganizationOwner,
    signalsResource,
    fallbackFlag,
  } = input;
  if (!rbacEnforced || !required) return 'granted';
  if (loading) return 'pending';
  if (signalsResource) {
    if (!team.restrict_signals_resource_management && fallbackFlag) return 'granted';
    if (isOrganizationOwner) return 'granted';
  }
  return membershipPermissions.includes(required) ? 'granted' : 'denied';
}

/** Which permission decides: the organization's, the team's, or either of them. */
export type AccessScope = 'organization' | 'team' | 'either';

export interface AccessScopeInput {
  team?: TeamAccess | null;
  allowEither?: boolean;
  signalsResource?: boolean;
}

export function accessScope({ team, allowEither, signalsResource }: AccessScopeInput): AccessScope {
  if (!team) return 'organization';
  if (allowEither) return 'either';
  if (signalsResource) return team.restrict_signals_resource_management ? 'team' : 'organization';
  return 'team';
}

export interface AccessCheck extends AccessScopeInput, Omit<OrganizationPermissionCheck, 'required'> {
  required?: Permission | null;
  /** The team-level slug when it differs from `required`. */
  teamRequired?: Permission | null;
  membershipPermissions?: readonly Permission[];
  isOrganizationOwner?: boolean;
  fallbackFlag?: boolean;
}

/** The combined check: decides which scope applies, then asks that scope (or both, when either suffices). */
export function checkAccess(input: AccessCheck): AccessDecision {
  const organization = () => checkOrganizationPermission(input);
  const team = (team: TeamAccess) =>
    checkTeamPermission({
      loading: input.loading,
      rbacEnforced: input.rbacEnforced,
      required: input.teamRequired ?? input.required,
      team,
      membershipPermissions: input.membershipPermissions ?? [],
      isOrganizationOwner: input.isOrganizationOwner ?? false,
      signalsResource: input.signalsResource ?? false,
      fallbackFlag: input.fallbackFlag ?? false,
    });
  const scope = accessScope(input);
  if (scope === 'organization' || !input.team) return organization();
  if (scope === 'team') return team(input.team);
  return either(organization(), team(input.team));
}

function either(a: AccessDecision, b: AccessDecision): AccessDecision {
  if (a === 'granted' || b === 'granted') return 'granted';
  return a === 'pending' || b === 'pending' ? 'pending' : 'denied';
}

/** The permissions of one user's membership in a team (SPEC.md section 3: memberships with a user id and permissions). */
export function teamMembershipPermissions(
  team: { memberships: ReadonlyArray<{ user: { id: string }; permissions: readonly Permission[] }> },
  userId: string,
): Permission[] {
  return [...(team.memberships.find((membership) => membership.user.id === userId)?.permissions ?? [])];
}
