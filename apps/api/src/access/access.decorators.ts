import { SetMetadata } from '@nestjs/common';
import type { Permission } from '@tocsin/domain';
import type { ReadStore } from '@tocsin/platform';
import type { Request } from 'express';

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
  /**
   * The teams the route acts on when the path names another resource (an event source, its team in the read
   * model and a new `team_id` in the body): existing teams of the caller's organization only. Each is checked;
   * none found, the organization's permission decides (the handler then answers 404 or 400).
   */
  teamsOf?: (request: Request, store: ReadStore, orgId: string) => Promise<string[]>;
}

/**
 * Beside @RequirePermission on a route acting on one team. With rbacCandidateControl off, roles decide as
 * everywhere; with it on, the combined check of organization and team permissions decides.
 */
export const TeamScoped = (scope: Partial<TeamScope> = {}) =>
  SetMetadata(TEAM_SCOPE, { param: 'id', ...scope } satisfies TeamScope);
