import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import {
  emailReservationsView,
  invitationsView,
  membershipsView,
  usersView,
  type InvitationDoc,
} from '@tocsin/read-models';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { organizationCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import type { Identity } from '../sessions/identity.types';
import { assertStrongPassword } from '../account/password-strength';
import { hashPassword } from '../sessions/secrets';
import { SessionService } from '../sessions/session.service';
import type { ProcessOutcome } from '../process/process-manager';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../runtime/ports';
import { ProjectionProgress } from '../shared/projection-progress';
import { systemContext } from '../shared/request-context';
import type { AcceptInvitationDto } from './organization-admin.dto';
import { invitationTokenHash } from './invitation-token';
import { InvitationSignUpProcess, type InvitationSignUpInput } from './invitation-sign-up.process';
import { InvitationsService } from './invitations.service';

/**
 * Following an invitation link: a signed-in invitee joins and their session moves to the
 * organization; anyone else signs up with the invited address (reserved as at registration), joins
 * and is signed in there.
 */
@Injectable()
export class InvitationAcceptanceService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly invitations: InvitationsService,
    private readonly commands: Commands,
    private readonly sessions: SessionService,
    private readonly progress: ProjectionProgress,
    private readonly process: InvitationSignUpProcess,
  ) {}

  async accept(
    token: string,
    body: AcceptInvitationDto,
    identity: Identity | undefined,
    response: Response,
  ): Promise<{ organization_id: string }> {
    const invitation = await this.invitations.open(token);
    if (identity) {
      const user = await usersView.byId(this.readStore, identity.userId);
      await this.join(invitation, token, identity.userId, String(user?.email ?? ''));
      await this.sessions.switchOrganization(identity, invitation.orgId);
    } else {
      const {
        input: { userId },
        position,
      } = await this.signUp(invitation, token, body);
      await this.progress.waitFor(usersView.name, position);
      await this.progress.waitFor(membershipsView.name, position);
      await this.progress.waitFor(invitationsView.name, position);
      await this.sessions.start(userId, invitation.orgId, response);
    }
    return { organization_id: invitation.orgId };
  }

  private async join(invitation: InvitationDoc, token: string, userId: string, email: string): Promise<void> {
    const now = new Date(this.clock.now()).toISOString();
    const command = {
      type: 'AcceptInvitation',
      organizationId: invitation.orgId,
      invitationId: invitation._id,
      tokenHash: invitationTokenHash(token),
      userId,
      email,
      now,
    } as const;
    await this.commands.run(
      organizationCommand(command, systemContext(invitation.orgId, userId)),
      membershipsView.name,
      invitationsView.name,
    );
  }

  /** Everything is checked before anything is written; the account is then made by a process a crash cannot leave half done. */
  private async signUp(
    invitation: InvitationDoc,
    token: string,
    body: AcceptInvitationDto,
  ): Promise<ProcessOutcome<InvitationSignUpInput>> {
    const fields: Record<string, string[]> = {};
    if (!body.name?.trim()) fields.name = ['name is a required field'];
    if (!body.password) fields.password = ['password is a required field'];
    if (Object.keys(fields).length > 0) {
      throw new BadRequestException({
        error: 'invalid',
        message: `Invalid request: ${Object.values(fields)[0][0]}`,
        fields,
      });
    }
    const taken =
      (await usersView.byEmail(this.readStore, invitation.email)) ||
      (await emailReservationsView.holderOf(this.readStore, invitation.email));
    if (taken) {
      throw new ConflictException({
        error: 'conflict',
        message: 'An account with this email already exists. Sign in to accept the invitation.',
        fields: { email: ['has already been taken'] },
      });
    }
    assertStrongPassword(body.password!, invitation.email);
    return this.process.run({
      organizationId: invitation.orgId,
      invitationId: invitation._id,
      tokenHash: invitationTokenHash(token),
      now: new Date(this.clock.now()).toISOString(),
      userId: randomUUID(),
      email: invitation.email,
      name: body.name!.trim(),
      passwordHash: await hashPassword(body.password!),
    });
  }
}
