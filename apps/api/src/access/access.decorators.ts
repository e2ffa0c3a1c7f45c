import { SetMetadata } from '@nestjs/common';
import type { Permission } from '@tocsin/domain';

export const PUBLIC_ROUTE = 'tocsin:public';
export const REQUIRED_PERMISSION = 'tocsin:permission';
export const TEAM_SCOPE = 'tocsin:team-scope';

/** Open without a session (sign-in, sign-up, health, public status). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Every endpoint declares what it needs: the permission is checked against the caller's role server-side. */
export const RequirePermission = (permission: Permission) => SetMetadata(REQUIRED_PERMISSION, permission);

/** Signed in, any role: data every member of the organization may read. */
export const SignedIn = () => SetMetadata(REQUIRED_PERMISSION, null);

/** How a team-scoped route weighs the team's permissions against the organization's (SPEC.md section 6, combined check). */
export interface TeamScope {
  /** The route parameter holding the team id. */
  param: string;
  /** The organization's permission or the team's suffices. */
  allowEither?: boolean;
  /** The team's signals resources (rules, escalation policies, schedules): restrict_signals_resource_management decides, owners pass. */
  signalsResource?: boolean;
  /** The team-level slug when it differs from the route's permission. */
  teamPermission?: Permission;
}

/**
 * Beside @RequirePermission on a route acting on one team. With rbacCandidateControl off, roles decide as
 * everywhere; with it on, the combined check of organization and team permissions decides.
 */
export const TeamScoped = (scope: Partial<TeamScope> = {}) =>
  SetMetadata(TEAM_SCOPE, { param: 'id', ...scope } satisfies TeamScope);
