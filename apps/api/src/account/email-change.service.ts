import { ConflictException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { emailChangeConfirmPath } from '@tocsin/contracts';
import { DomainError, EMAIL_CHANGE_LINK_HOURS, EMAIL_CHANGE_REFUSED, EMAIL_USED_BY_ANOTHER_ACCOUNT, emailStream } from '@tocsin/domain';
import { usersProjection, type UserDoc } from '@tocsin/projector';
import { createHash, randomBytes } from 'node:crypto';
import { AccountCommands } from '../identity/account-commands';
import { RateLimiter } from '../identity/rate-limiter';
import { verifyPassword } from '../identity/secrets';
import { MAILER, type Mailer } from '../mail/mailer';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { ProjectionProgress } from '../shared/projection-progress';
import type { RequestContext } from '../shared/request-context';
import { TooManyRequests } from '../shared/too-many-requests';
import { emailChangeConfirmEmail, emailChangedNotice } from './email-change-email';
import { EmailChangeProcess } from './email-change.process';

/** Wrong current passwords per user, shared in spirit with the password form's limit. */
const CURRENT_PASSWORD_LIMIT = { attempts: 5, windowSeconds: 15 * 60 };

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const usedByAnother = () => new ConflictException({ error: 'conflict', message: EMAIL_USED_BY_ANOTHER_ACCOUNT, fields: { email: [EMAIL_USED_BY_ANOTHER_ACCOUNT] } });

/**
 * Changing the sign-in email the way mature tools do: the current password proves the person, a link sent
 * to the new address proves the mailbox, and only following it (within 24 h) changes the email. The old
 * address then gets a notice. An address another account uses is refused when asked and again on confirming.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly limiter: RateLimiter,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly commands: AccountCommands,
    private readonly progress: ProjectionProgress,
    private readonly process: EmailChangeProcess,
  ) {}

  private get store() {
    return this.runtime.infra.readStore;
  }

  /** `origin` prefixes the link (PublicUrl). */
  async request(userId: string, form: { email: string; current_password?: string }, origin: string, context: RequestContext): Promise<void> {
    const email = form.email.trim().toLowerCase();
    if (!form.current_password) throw invalid('Enter your current password to change your email.', { current_password: ['is required'] });
    const key = `password:${userId}`;
    const wait = await this.limiter.consume(key, CURRENT_PASSWORD_LIMIT);
    if (wait > 0) throw new TooManyRequests(wait, { error: 'too_many_attempts', message: 'Too many wrong passwords. Try again later.' });
    const user = await this.store.findOne<UserDoc>(usersProjection.collection, { _id: userId });
    if (!user) throw new NotFoundException({ error: 'not_found', message: 'User not found' });
    if (!(await verifyPassword(user.passwordHash, form.current_password))) throw invalid('Current password is invalid', { current_password: ['is invalid'] });
    await this.limiter.reset(key, CURRENT_PASSWORD_LIMIT);
    if (email !== user.email && (await this.takenByAnother(email, userId))) throw usedByAnother();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.runtime.clock.now() + EMAIL_CHANGE_LINK_HOURS * 3_600_000).toISOString();
    const { position } = await this.commands.user({ type: 'RequestEmailChange', userId, email, tokenHash: tokenHash(token), expiresAt }, context);
    await this.progress.waitFor('users', position);
    await this.mailer.send(emailChangeConfirmEmail({ to: email, name: user.name, confirmUrl: `${origin}${emailChangeConfirmPath(token)}`, expiresAt }));
  }

  /**
   * The link alone proves the new mailbox: no session needed. Answers the new email. Checked first, then
   * made by the email change process (reserve the new address, change, release the old one).
   */
  async confirm(token: string, origin: string): Promise<{ email: string }> {
    const hash = tokenHash(token);
    const user = await this.store.findOne<UserDoc>(usersProjection.collection, { emailChangeTokenHash: hash });
    const pending = user?.pendingEmail;
    if (!user || !pending || Date.parse(pending.expiresAt) <= this.runtime.clock.now()) {
      throw new NotFoundException({ error: 'not_found', message: EMAIL_CHANGE_REFUSED });
    }
    if (await this.takenByAnother(pending.email, user._id)) throw usedByAnother();
    let position: number | null;
    try {
      ({ position } = await this.process.run({ userId: user._id, tokenHash: hash, now: new Date(this.runtime.clock.now()).toISOString(), email: pending.email, previousEmail: user.email }));
    } catch (error) {
      // taken between the check and the reservation: the run released what it had reserved
      if (error instanceof DomainError && error.code === 'conflict') throw usedByAnother();
      throw error;
    }
    await this.progress.waitFor('users', position);
    const notice = emailChangedNotice({ to: user.email, name: user.name, newEmail: pending.email, forgotPasswordUrl: `${origin}/forgot_passwords/new` });
    // the change is made: a notice that fails to go is logged, not turned into an error
    await this.mailer.send(notice).catch((error: unknown) => this.runtime.logger.error({ err: error }, 'email change notice could not be sent'));
    return { email: pending.email };
  }

  /** Another user signs in with it, or holds its reservation (e.g. a sign-up still under way). */
  private async takenByAnother(email: string, userId: string): Promise<boolean> {
    const owner = await this.store.findOne<UserDoc>(usersProjection.collection, { email });
    if (owner && owner._id !== userId) return true;
    const last = (await this.runtime.infra.eventStore.readStream(emailStream(email))).at(-1);
    return last?.type === 'EmailReserved' && (last.data as { userId: string }).userId !== userId;
  }
}

function invalid(message: string, fields: Record<string, string[]>): UnprocessableEntityException {
  return new UnprocessableEntityException({ error: 'invalid', message, fields });
}
