import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import { invitationsProjection, membershipsProjection, usersProjection, type InvitationDoc } from '@tocsin/projector';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { AccountCommands } from '../identity/account-commands';
import type { Identity } from '../identity/identity.types';
import { hashPassword } from '../identity/secrets';
import { SessionService } from '../identity/session.service';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { ProjectionProgress } from '../shared/projection-progress';
import { systemContext } from '../shared/request-context';
import type { AcceptInvitationDto } from './organization-admin.dto';
import { invitationTokenHash } from './invitation-token';
import { InvitationsService } from './invitations.service';

/**
 * Following an invitation link: a signed-in invitee joins and their session moves to the
 * organization; anyone else signs up with the invited address (reserved as at registration), joins
 * and is signed in there.
 */
@Injectable()
export class InvitationAcceptanceService {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly invitations: InvitationsService,
    private readonly commands: AccountCommands,
    private readonly sessions: SessionService,
    private readonly progress: ProjectionProgress,
  ) {}

  async accept(token: string, body: AcceptInvitationDto, identity: Identity | undefined, response: Response): Promise<{ organization_id: string }> {
    const invitation = await this.invitations.open(token);
    if (identity) {
      const user = await this.runtime.infra.readStore.findOne(usersProjection.collection, { _id: identity.userId });
      await this.join(invitation, token, identity.userId, String(user?.email ?? ''));
      await this.sessions.switchOrganization(identity, invitation.orgId);
    } else {
      const userId = await this.signUp(invitation, body);
      await this.join(invitation, token, userId, invitation.email);
      const { position } = await this.commands.user(
        { type: 'SetDefaultOrganization', userId, organizationId: invitation.orgId, isMember: true },
        systemContext(invitation.orgId, userId),
      );
      await this.progress.waitFor(usersProjection.name, position);
      await this.sessions.start(userId, invitation.orgId, response);
    }
    return { organization_id: invitation.orgId };
  }

  private async join(invitation: InvitationDoc, token: string, userId: string, email: string): Promise<void> {
    const now = new Date(this.runtime.clock.now()).toISOString();
    const { position } = await this.commands.organization(
      { type: 'AcceptInvitation', organizationId: invitation.orgId, invitationId: invitation._id, tokenHash: invitationTokenHash(token), userId, email, now },
      systemContext(invitation.orgId, userId),
    );
    await this.progress.waitFor(membershipsProjection.name, position);
    await this.progress.waitFor(invitationsProjection.name, position);
  }

  private async signUp(invitation: InvitationDoc, body: AcceptInvitationDto): Promise<string> {
    const fields: Record<string, string[]> = {};
    if (!body.name?.trim()) fields.name = ['name is a required field'];
    if (!body.password) fields.password = ['password is a required field'];
    if (Object.keys(fields).length > 0) {
      throw new BadRequestException({ error: 'invalid', message: `Invalid request: ${Object.values(fields)[0][0]}`, fields });
    }
    if (await this.runtime.infra.readStore.findOne(usersProjection.collection, { email: invitation.email })) {
      throw new ConflictException({ error: 'conflict', message: 'An account with this email already exists. Sign in to accept the invitation.', fields: { email: ['has already been taken'] } });
    }
    const userId = randomUUID();
    const context = systemContext(invitation.orgId, userId);
    await this.commands.reserveEmail(invitation.email, userId, context);
    const passwordHash = await hashPassword(body.password!);
    await this.commands.user({ type: 'RegisterUser', userId, email: invitation.email, name: body.name!, passwordHash }, { ...context, commandId: randomUUID() });
    return userId;
  }
}
