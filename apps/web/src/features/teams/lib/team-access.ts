import type { MeResponse, Team } from '@tocsin/contracts';
import { checkAccess, permissionTooltip, teamMembershipPermissions, type Permission } from '@tocsin/domain';

type Me = MeResponse['data'];

/** Whether the user may take an action, and the tooltip that says why not. */
export interface ActionAccess {
  allowed: boolean;
  tooltip: string;
}

/** Without rbacCandidateControl (or outside a team) the organization permission alone decides. */
export const organizationAccess = (me: Me, permission: Permission): ActionAccess => ({
  allowed: me.permissions.includes(permission),
  tooltip: permissionTooltip({ scope: 'organization', permission }),
});

/**
 * An action on a team (SPEC.md section 6). With rbacCandidateControl the server takes the organization
 * permission or the same permission in the user's membership of that team (@TeamScoped allowEither), so
 * the page does too, and the tooltip names both. Otherwise the organization permission decides.
 */
export function teamActionAccess(me: Me, permission: Permission, team?: Team): ActionAccess {
  if (!team || me.featureFlags.rbacCandidateControl !== true) return organizationAccess(me, permission);
  const decision = checkAccess({
    loading: false,
    rbacEnforced: true,
    required: permission,
    permissions: me.permissions,
    team,
    allowEither: true,
    membershipPermissions: teamMembershipPermissions(team, me.user.id),
    isOrganizationOwner: me.user.owner,
  });
  return {
    allowed: decision === 'granted',
    tooltip: permissionTooltip({ scope: 'either', permission, teamName: team.name }),
  };
}
