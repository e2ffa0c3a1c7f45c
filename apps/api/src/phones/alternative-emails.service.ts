import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { alternativeEmailVerifyPath, type AlternativeEmail } from '@tocsin/contracts';
import {
  ALTERNATIVE_EMAIL_LINK_TTL_MS, ALTERNATIVE_EMAIL_MESSAGES as MESSAGES, DomainError, MAX_ALTERNATIVE_EMAILS_PER_USER, VerificationRefused, type IssuedEmailToken,
} from '@tocsin/domain';
import { alternativeEmailsProjection, usersProjection, type AlternativeEmailDoc, type UserDoc } from '@tocsin/projector';
import { MAILER, type Mailer } from '../mail/mailer';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { deterministicId } from '../shared/event-sourced';
import { systemContext, type RequestContext } from '../shared/request-context';
import { alternativeEmailMessage } from './alternative-email-message';
import { PersonalCommands } from './personal-commands';
import { answeringRefusals } from './verification-errors';
import { emailTokenHash, issueEmailToken } from './verification-secrets';

const present = (doc: AlternativeEmailDoc): AlternativeEmail => ({ id: doc._id, email: doc.email, verified: doc.verified, created_at: doc.created_at });

/** The caller's extra email addresses, each verified by an emailed link (SPEC.md section 7). */
@Injectable()
export class AlternativeEmailsService {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly commands: PersonalCommands,
  ) {}

  private get store() {
    return this.runtime.infra.readStore;
  }

  async list(userId: string): Promise<AlternativeEmail[]> {
    const docs = await this.store.find<AlternativeEmailDoc>(alternativeEmailsProjection.collection, { userId }, { sort: { addedAt: 1 } });
    return docs.map(present);
  }

  /** Another person's address answers 404, exactly like an unknown id. */
  async find(userId: string, id: string): Promise<AlternativeEmail> {
    const doc = await this.store.findOne<AlternativeEmailDoc>(alternativeEmailsProjection.collection, { _id: id, userId });
    if (!doc) throw new NotFoundException({ error: 'not_found', message: MESSAGES.notFound });
    return present(doc);
  }

  async add(userId: string, email: string, origin: string, context: RequestContext): Promise<AlternativeEmail> {
    const normalized = email.trim().toLowerCase();
    const user = await this.store.findOne<UserDoc>(usersProjection.collection, { _id: userId });
    const conflict = (message: string) => new DomainError(message, 'conflict', { email: [message] });
    if (user?.email === normalized) throw conflict(MESSAGES.primary);
    const existing = await this.store.find<AlternativeEmailDoc>(alternativeEmailsProjection.collection, { userId });
    if (existing.some((doc) => doc.email === normalized)) throw conflict(MESSAGES.alreadyAdded);
    if (existing.length >= MAX_ALTERNATIVE_EMAILS_PER_USER) throw conflict(MESSAGES.tooMany);
    const alternativeEmailId = deterministicId(`${context.commandId}/alternative-email`);
    const { token, issued } = this.issue();
    await this.commands.alternativeEmail({ type: 'AddAlternativeEmail', alternativeEmailId, userId, email, token: issued }, context);
    const added = await this.find(userId, alternativeEmailId);
    await this.mail(added.email, user?.name ?? '', token, issued, origin);
    return added;
  }

  async resend(userId: string, id: string, origin: string, context: RequestContext): Promise<AlternativeEmail> {
    const { token, issued } = this.issue();
    await answeringRefusals(() => this.commands.alternativeEmail({ type: 'ResendAlternativeEmail', alternativeEmailId: id, userId, token: issued }, context));
    const found = await this.find(userId, id);
    const user = await this.store.findOne<UserDoc>(usersProjection.collection, { _id: userId });
    await this.mail(found.email, user?.name ?? '', token, issued, origin);
    return found;
  }

  /** The link alone proves the mailbox: no session needed. An unknown, older or expired link answers 422. */
  async verify(token: string): Promise<AlternativeEmail> {
    const doc = await this.store.findOne<AlternativeEmailDoc>(alternativeEmailsProjection.collection, { tokenHash: emailTokenHash(token) });
    return answeringRefusals(async () => {
      if (!doc) throw new VerificationRefused('expired', MESSAGES.badLink, 'token');
      const now = new Date(this.runtime.clock.now()).toISOString();
      await this.commands.alternativeEmail({ type: 'VerifyAlternativeEmail', alternativeEmailId: doc._id, tokenHash: doc.tokenHash, now }, systemContext('', doc.userId));
      return this.find(doc.userId, doc._id);
    });
  }

  async remove(userId: string, id: string, context: RequestContext): Promise<void> {
    await this.commands.alternativeEmail({ type: 'RemoveAlternativeEmail', alternativeEmailId: id, userId }, context);
  }

  private issue() {
    return issueEmailToken(this.runtime.clock.now(), ALTERNATIVE_EMAIL_LINK_TTL_MS);
  }

  private mail(to: string, name: string, token: string, issued: IssuedEmailToken, origin: string) {
    const verifyUrl = `${origin}${alternativeEmailVerifyPath(token)}`;
    return this.mailer.send(alternativeEmailMessage({ to, name, verifyUrl, expiresAt: issued.expiresAt }));
  }
}
