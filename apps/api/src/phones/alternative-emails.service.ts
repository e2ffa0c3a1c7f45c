import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { alternativeEmailVerifyPath, type AlternativeEmail } from '@tocsin/contracts';
import {
  ALTERNATIVE_EMAIL_LINK_TTL_MS,
  ALTERNATIVE_EMAIL_MESSAGES as MESSAGES,
  DomainError,
  MAX_ALTERNATIVE_EMAILS_PER_USER,
  VerificationRefused,
  type IssuedEmailToken,
} from '@tocsin/domain';
import { alternativeEmailCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { alternativeEmailsView, usersView, type AlternativeEmailDoc } from '@tocsin/read-models';
import { MAILER, type Mailer } from '../mail/mailer';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../runtime/ports';
import { deterministicId } from '../shared/event-sourced';
import { systemContext, type RequestContext } from '../shared/request-context';
import { alternativeEmailMessage } from './alternative-email-message';
import { answeringRefusals } from './verification-errors';
import { emailTokenHash, issueEmailToken } from './verification-secrets';

const present = (doc: AlternativeEmailDoc): AlternativeEmail => ({
  id: doc._id,
  email: doc.email,
  verified: doc.verified,
  created_at: doc.created_at,
});

/** The caller's extra email addresses, each verified by an emailed link (SPEC.md section 7). */
@Injectable()
export class AlternativeEmailsService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly commands: Commands,
  ) {}

  async list(userId: string): Promise<AlternativeEmail[]> {
    const docs = await alternativeEmailsView.ofUser(this.store, userId);
    return docs.map(present);
  }

  /** Another person's address answers 404, exactly like an unknown id. */
  async find(userId: string, id: string): Promise<AlternativeEmail> {
    const doc = await alternativeEmailsView.byId(this.store, userId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: MESSAGES.notFound });
    return present(doc);
  }

  async add(userId: string, email: string, origin: string, context: RequestContext): Promise<AlternativeEmail> {
    const normalized = email.trim().toLowerCase();
    const user = await usersView.byId(this.store, userId);
    const conflict = (message: string) => new DomainError(message, 'conflict', { email: [message] });
    if (user?.email === normalized) throw conflict(MESSAGES.primary);
    const existing = await alternativeEmailsView.ofUser(this.store, userId);
    if (existing.some((doc) => doc.email === normalized)) throw conflict(MESSAGES.alreadyAdded);
    if (existing.length >= MAX_ALTERNATIVE_EMAILS_PER_USER) throw conflict(MESSAGES.tooMany);
    const alternativeEmailId = deterministicId(`${context.commandId}/alternative-email`);
    const { token, issued } = this.issue();
    await this.commands.run(
      alternativeEmailCommand(
        { type: 'AddAlternativeEmail', alternativeEmailId, userId, email, token: issued },
        context,
      ),
      alternativeEmailsView.name,
    );
    const added = await this.find(userId, alternativeEmailId);
    await this.mail(added.email, user?.name ?? '', token, issued, origin);
    return added;
  }

  async resend(userId: string, id: string, origin: string, context: RequestContext): Promise<AlternativeEmail> {
    const { token, issued } = this.issue();
    await answeringRefusals(() =>
      this.commands.run(
        alternativeEmailCommand(
          { type: 'ResendAlternativeEmail', alternativeEmailId: id, userId, token: issued },
          context,
        ),
        alternativeEmailsView.name,
      ),
    );
    const found = await this.find(userId, id);
    const user = await usersView.byId(this.store, userId);
    await this.mail(found.email, user?.name ?? '', token, issued, origin);
    return found;
  }

  /** The link alone proves the mailbox: no session needed. An unknown, older or expired link answers 422. */
  async verify(token: string): Promise<AlternativeEmail> {
    const doc = await alternativeEmailsView.byTokenHash(this.store, emailTokenHash(token));
    return answeringRefusals(async () => {
      if (!doc) throw new VerificationRefused('expired', MESSAGES.badLink, 'token');
      const now = new Date(this.clock.now()).toISOString();
      await this.commands.run(
        alternativeEmailCommand(
          { type: 'VerifyAlternativeEmail', alternativeEmailId: doc._id, tokenHash: doc.tokenHash, now },
          systemContext('', doc.userId),
        ),
        alternativeEmailsView.name,
      );
      return this.find(doc.userId, doc._id);
    });
  }

  async remove(userId: string, id: string, context: RequestContext): Promise<void> {
    await this.commands.run(
      alternativeEmailCommand({ type: 'RemoveAlternativeEmail', alternativeEmailId: id, userId }, context),
      alternativeEmailsView.name,
    );
  }

  private issue() {
    return issueEmailToken(this.clock.now(), ALTERNATIVE_EMAIL_LINK_TTL_MS);
  }

  private mail(to: string, name: string, token: string, issued: IssuedEmailToken, origin: string) {
    const verifyUrl = `${origin}${alternativeEmailVerifyPath(token)}`;
    return this.mailer.send(alternativeEmailMessage({ to, name, verifyUrl, expiresAt: issued.expiresAt }));
  }
}
