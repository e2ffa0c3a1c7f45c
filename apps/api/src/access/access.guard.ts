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
import { assertTeamAccess } from './team-access';

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
    if (!identity)
      throw new UnauthorizedException({ error: 'unauthorized', message: 'You are signed out. Sign in to continue.' });
    const required = this.reflector.getAllAndOverride<Permission | null | undefined>(REQUIRED_PERMISSION, targets);
    if (required === undefined)
      throw new ForbiddenException({ error: 'forbidden', message: 'This endpoint declares no permission.' });
    if (required === null) return true;
    const teamScope = this.reflector.getAllAndOverride<TeamScope | undefined>(TEAM_SCOPE, targets);
    if (teamScope && (await featureFlagsOf(this.readStore, identity.orgId)).rbacCandidateControl) {
      const teamIds = teamScope.teamsOf
        ? await teamScope.teamsOf(request, this.readStore, identity.orgId)
        : [String(request.params[teamScope.param])];
      for (const teamId of teamIds) await assertTeamAccess(this.readStore, identity, teamId, required, teamScope);
      if (teamIds.length > 0) return true;
    }
    if (permissionsOf(identity.role).includes(required)) return true;
    const name = PERMISSION_DEFINITIONS.find((p) => p.slug === required)?.display_name ?? required;
    throw new ForbiddenException({
      error: 'forbidden',
      permission: required,
      message: `The permission '${name}' is required to perform this action on the organization. Contact your organization administrator for support.`,
    });
  }
}
