import type { MeResponse, Team } from '@tocsin/contracts';
import {
  accessScope,
  checkAccess,
  permissionTooltip,
  teamMembershipPermissions,
  type Permission,
} from '@tocsin/domain';
import { organizationAccess, type ActionAccess } from '@/features/teams/lib/team-access';

type Me = MeResponse['data'];

/**
 * A change to a team's signals resources (alert rules, escalation policies), as the server weighs it
 * (@TeamScoped signalsResource): with rbacCandidateControl, a team restricting their management needs the
 * team's permission (owners pass), an unrestricted one the organization's. Otherwise the role's permission.
 */
export function signalsResourceAccess(me: Me, permission: Permission, team?: Team): ActionAccess {
  if (!team || me.featureFlags.rbacCandidateControl !== true) return organizationAccess(me, permission);
  const decision = checkAccess({
    loading: false,
    rbacEnforced: true,
    required: permission,
    permissions: me.permissions,
    team,
    signalsResource: true,
    membershipPermissions: teamMembershipPermissions(team, me.user.id),
    isOrganizationOwner: me.user.owner,
    fallbackFlag: false,
  });
  const scope = accessScope({ team, signalsResource: true });
  return {
    allowed: decision === 'granted',
    tooltip:
      scope === 'team'
        ? permissionTooltip({ scope: 'team', permission, teamName: team.name })
        : permissionTooltip({ scope: 'organization', permission }),
  };
}
