import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PERMISSION_DEFINITIONS, permissionsOf, type Permission } from '@tocsin/domain';
import type { Request } from 'express';
import { featureFlagsOf } from '../organization-admin/organization-feature-flags';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { PUBLIC_ROUTE, REQUIRED_PERMISSION, TEAM_SCOPE, type TeamScope } from './access.decorators';
import { API_KEY_REFUSED } from '../api-keys/api-key-identities';
import type { ApiKeyPrincipal } from '../sessions/identity.types';
import { assertTeamAccess } from './team-access';

/** A key on a route that acts on a signed-in person (their account, their memberships). */
export const KEY_IS_NO_PERSON = {
  error: 'forbidden',
  message: 'This endpoint acts on a signed-in person and takes no API key.',
};

/** A key restricted to a team, on a route that does not act on that team alone. */
export const TEAM_KEY_REFUSED = {
  error: 'forbidden',
  message: "This API key is restricted to one team: it acts only on that team's resources.",
};

/**
 * Global guard: a route is public, or needs a session; a route that names a permission needs a role
 * that holds it. A route that declares nothing is refused, so no endpoint is open by omission. A
 * team-scoped route, while rbacCandidateControl is on, weighs the caller's permissions in the team too.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (context.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const identity = request.identity;
    if (!identity && request.apiKeyRefused) throw new UnauthorizedException(API_KEY_REFUSED);
    if (!identity)
      throw new UnauthorizedException({ error: 'unauthorized', message: 'You are signed out. Sign in to continue.' });
    const required = this.reflector.getAllAndOverride<Permission | null | undefined>(REQUIRED_PERMISSION, targets);
    if (required === undefined)
      throw new ForbiddenException({ error: 'forbidden', message: 'This endpoint declares no permission.' });
    const teamScope = this.reflector.getAllAndOverride<TeamScope | undefined>(TEAM_SCOPE, targets);
    if (identity.apiKey) await this.checkKey(identity.apiKey, required, teamScope, request, identity.orgId);
    if (required === null) return true;
    if (teamScope && (await featureFlagsOf(this.readStore, identity.orgId)).rbacCandidateControl) {
      const teamIds = await this.teamsOf(teamScope, request, identity.orgId);
      for (const teamId of teamIds) await assertTeamAccess(this.readStore, identity, teamId, required, teamScope);
      if (teamIds.length > 0) return true;
    }
    if (permissionsOf(identity.role).includes(required)) return true;
    throw new ForbiddenException({
      error: 'forbidden',
      permission: required,
      message: `The permission '${nameOf(required)}' is required to perform this action on the organization. Contact your organization administrator for support.`,
    });
  }

  /**
   * A key holds exactly its scopes, and never more than its owner's role now (checked after this, as for a
   * person). It calls only routes that name a permission (a person's own account is not a machine's), and a key
   * restricted to a team only routes acting on that team alone.
   */
  private async checkKey(
    key: ApiKeyPrincipal,
    required: Permission | null,
    teamScope: TeamScope | undefined,
    request: Request,
    orgId: string,
  ): Promise<void> {
    if (required === null) throw new ForbiddenException(KEY_IS_NO_PERSON);
    if (!key.scopes.includes(required))
      throw new ForbiddenException({
        error: 'forbidden',
        permission: required,
        message: `This API key's scopes do not include '${nameOf(required)}'.`,
      });
    if (key.teamId === null) return;
    const teamIds = teamScope ? await this.teamsOf(teamScope, request, orgId) : [];
    if (teamIds.length === 0 || teamIds.some((teamId) => teamId !== key.teamId))
      throw new ForbiddenException(TEAM_KEY_REFUSED);
  }

  private async teamsOf(teamScope: TeamScope, request: Request, orgId: string): Promise<string[]> {
    return teamScope.teamsOf
      ? teamScope.teamsOf(request, this.readStore, orgId)
      : [String(request.params[teamScope.param])];
  }
}

const nameOf = (slug: Permission) => PERMISSION_DEFINITIONS.find((p) => p.slug === slug)?.display_name ?? slug;
