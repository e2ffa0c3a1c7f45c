import { ForbiddenException, NotFoundException } from '@nestjs/common';
import {
  accessScope,
  checkAccess,
  permissionTooltip,
  teamMembershipPermissions,
  type Permission,
} from '@tocsin/domain';
import type { ReadStore } from '@tocsin/platform';
import { teamsView } from '@tocsin/read-models';
import type { TeamScope } from './access.decorators';
import type { Identity } from '../sessions/identity.types';
import { heldPermissions } from './held-permissions';

/**
 * The combined check of SPEC.md section 6 on the server, for a route acting on one team while permissions
 * (rbacCandidateControl) gate access: which scope decides (the organization's permissions, the team's, or
 * either), the team's restriction of its signals resources and the owner's exception come from the pure
 * checks in the domain; this only loads the team and the caller's membership in it. A team of another
 * organization is not found, as everywhere.
 */
export async function assertTeamAccess(
  store: ReadStore,
  identity: Identity,
  teamId: string,
  required: Permission,
  scope: TeamScope,
): Promise<void> {
  const team = await teamsView.byId(store, identity.orgId, teamId);
  if (!team) throw new NotFoundException({ error: 'not_found', message: 'Team not found' });
  const decision = checkAccess({
    loading: false,
    rbacEnforced: true,
    required,
    teamRequired: scope.teamPermission,
    permissions: heldPermissions({ role: identity.role, scopes: identity.apiKey?.scopes }),
    team,
    allowEither: scope.allowEither,
    signalsResource: scope.signalsResource,
    membershipPermissions: teamMembershipPermissions(team, identity.userId),
    isOrganizationOwner: identity.role === 'owner',
    // an unrestricted team's signals resources follow the organization's permissions, not "open to all"
    fallbackFlag: false,
  });
  if (decision === 'granted') return;
  const which = accessScope({ team, allowEither: scope.allowEither, signalsResource: scope.signalsResource });
  const teamPermission = scope.teamPermission ?? required;
  const message =
    which === 'organization'
      ? permissionTooltip({ scope: 'organization', permission: required })
      : which === 'team'
        ? permissionTooltip({ scope: 'team', permission: teamPermission, teamName: team.name })
        : permissionTooltip({ scope: 'either', permission: required, teamPermission, teamName: team.name });
  throw new ForbiddenException({
    error: 'forbidden',
    permission: which === 'team' ? teamPermission : required,
    message,
  });
}
