import { BadGatewayException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Invitation, InvitationPreview } from '@tocsin/contracts';
import type { Role } from '@tocsin/domain';
import { organizationCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import {
  invitationsView,
  membershipsView,
  organizationsView,
  usersView,
  type InvitationDoc,
} from '@tocsin/read-models';
import { MAILER, type Mailer } from '../mail/mailer';
import { CLOCK, LOGGER, READ_STORE, type Clock, type Logger, type ReadStore } from '../runtime/ports';
import { deterministicId } from '../shared/event-sourced';
import type { RequestContext } from '../shared/request-context';
import { invitationEmail } from './invitation-email';
import { INVITATION_DAYS, invitationTokenHash, newInvitationToken } from './invitation-token';

const gone = () => new NotFoundException({ error: 'not_found', message: 'This invitation is no longer valid' });

/** Inviting people by email, listing and revoking what is pending, and reading an invitation by its token. */
@Injectable()
export class InvitationsService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly commands: Commands,
  ) {}

  private nowIso() {
    return new Date(this.clock.now()).toISOString();
  }

  /** `origin` is the address the inviter's browser used, so the link opens the same deployment. */
  async send(email: string, role: Role, context: RequestContext, origin: string): Promise<Invitation> {
    const normalized = email.trim().toLowerCase();
    const existing = await usersView.byEmail(this.store, normalized);
    const alreadyMember = !!existing && !!(await membershipsView.of(this.store, context.orgId, existing._id));
    const token = newInvitationToken();
    const invitationId = deterministicId(`${context.commandId}/invitation`);
    const expiresAt = new Date(this.clock.now() + INVITATION_DAYS * 86_400_000).toISOString();
    const command = {
      type: 'SendInvitation',
      organizationId: context.orgId,
      invitationId,
      email: normalized,
      role,
      tokenHash: invitationTokenHash(token),
      expiresAt,
      invitedBy: context.actorId,
      alreadyMember,
      now: this.nowIso(),
    } as const;
    const { events } = await this.commands.run(organizationCommand(command, context), invitationsView.name);
    // A retried request (same Idempotency-Key) was decided before: its email went out then.
    if (events.length > 0) await this.mail(normalized, role, token, expiresAt, context, origin, invitationId);
    return present(await this.find(context.orgId, invitationId));
  }

  /** The invitation is kept only if its email left: otherwise it is revoked and the inviter can try again. */
  private async mail(
    to: string,
    role: Role,
    token: string,
    expiresAt: string,
    context: RequestContext,
    origin: string,
    invitationId: string,
  ) {
    const [organization, inviter] = await Promise.all([
      organizationsView.byId(this.store, context.orgId),
      context.actorId ? usersView.byId(this.store, context.actorId) : null,
    ]);
    const acceptUrl = `${origin}/invitations/${token}`;
    const message = invitationEmail({
      to,
      organizationName: String(organization?.name ?? ''),
      inviterName: inviter ? String(inviter.name) : null,
      role,
      acceptUrl,
      expiresAt,
    });
    try {
      await this.mailer.send(message);
    } catch (error) {
      this.logger.error({ err: error, to }, 'invitation email could not be sent');
      await this.commands.run(
        organizationCommand(
          { type: 'RevokeInvitation', organizationId: context.orgId, invitationId },
          { ...context, commandId: `${context.commandId}/revoke` },
        ),
        invitationsView.name,
      );
      throw new BadGatewayException({
        error: 'mail_failed',
        message: 'The invitation email could not be sent. Try again later.',
      });
    }
  }

  async listPending(orgId: string): Promise<Invitation[]> {
    const docs = await invitationsView.pending(this.store, orgId, this.nowIso());
    return docs.map(present);
  }

  async revoke(invitationId: string, context: RequestContext): Promise<void> {
    const doc = await this.find(context.orgId, invitationId);
    if (doc.status !== 'pending') throw new NotFoundException({ error: 'not_found', message: 'Invitation not found' });
    await this.commands.run(
      organizationCommand({ type: 'RevokeInvitation', organizationId: context.orgId, invitationId }, context),
      invitationsView.name,
    );
  }

  /** Unknown, used, revoked and expired links all answer the same 404. */
  async open(token: string): Promise<InvitationDoc> {
    const doc = await invitationsView.pendingByTokenHash(this.store, invitationTokenHash(token));
    if (!doc || Date.parse(doc.expiresAt) <= this.clock.now()) throw gone();
    return doc;
  }

  async preview(token: string): Promise<InvitationPreview> {
    const doc = await this.open(token);
    const [organization, user] = await Promise.all([
      organizationsView.byId(this.store, doc.orgId),
      usersView.byEmail(this.store, doc.email),
    ]);
    return {
      organization_name: String(organization?.name ?? ''),
      email: doc.email,
      role: doc.role as Role,
      existing_user: !!user,
    };
  }

  private async find(orgId: string, invitationId: string): Promise<InvitationDoc> {
    const doc = await invitationsView.byId(this.store, orgId, invitationId);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: 'Invitation not found' });
    return doc;
  }
}

function present(doc: InvitationDoc): Invitation {
  return {
    id: doc._id,
    email: doc.email,
    role: doc.role as Role,
    expires_at: doc.expiresAt,
    created_at: doc.createdAt,
    invited_by: doc.invitedBy,
  };
}
