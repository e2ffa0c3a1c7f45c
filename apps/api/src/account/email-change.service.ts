import { ConflictException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { emailChangeConfirmPath } from '@tocsin/contracts';
import {
  DomainError,
  EMAIL_CHANGE_LINK_HOURS,
  EMAIL_CHANGE_REFUSED,
  EMAIL_USED_BY_ANOTHER_ACCOUNT,
} from '@tocsin/domain';
import { emailReservationsView, usersView } from '@tocsin/read-models';
import { createHash, randomBytes } from 'node:crypto';
import { userCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { RateLimiter } from '../sessions/rate-limiter';
import { verifyPassword } from '../sessions/secrets';
import { MAILER, type Mailer } from '../mail/mailer';
import { CLOCK, LOGGER, READ_STORE, type Clock, type Logger, type ReadStore } from '../runtime/ports';
import { ProjectionProgress } from '../shared/projection-progress';
import type { RequestContext } from '../shared/request-context';
import { TooManyRequests } from '../shared/too-many-requests';
import { emailChangeConfirmEmail, emailChangedNotice } from './email-change-email';
import { EmailChangeProcess } from './email-change.process';

/** Wrong current passwords per user, shared in spirit with the password form's limit. */
const CURRENT_PASSWORD_LIMIT = { attempts: 5, windowSeconds: 15 * 60 };

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const usedByAnother = () =>
  new ConflictException({
    error: 'conflict',
    message: EMAIL_USED_BY_ANOTHER_ACCOUNT,
    fields: { email: [EMAIL_USED_BY_ANOTHER_ACCOUNT] },
  });

/**
 * Changing the sign-in email the way mature tools do: the current password proves the person, a link sent
 * to the new address proves the mailbox, and only following it (within 24 h) changes the email. The old
 * address then gets a notice. An address another account uses is refused when asked and again on confirming.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly limiter: RateLimiter,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly commands: Commands,
    private readonly progress: ProjectionProgress,
    private readonly process: EmailChangeProcess,
  ) {}

  /** `origin` prefixes the link (PublicUrl). */
  async request(
    userId: string,
    form: { email: string; current_password?: string },
    origin: string,
    context: RequestContext,
  ): Promise<void> {
    const email = form.email.trim().toLowerCase();
    if (!form.current_password)
      throw invalid('Enter your current password to change your email.', { current_password: ['is required'] });
    const key = `password:${userId}`;
    const wait = await this.limiter.consume(key, CURRENT_PASSWORD_LIMIT);
    if (wait > 0)
      throw new TooManyRequests(wait, {
        error: 'too_many_attempts',
        message: 'Too many wrong passwords. Try again later.',
      });
    const user = await usersView.byId(this.store, userId);
    if (!user) throw new NotFoundException({ error: 'not_found', message: 'User not found' });
    if (!(await verifyPassword(user.passwordHash, form.current_password)))
      throw invalid('Current password is invalid', { current_password: ['is invalid'] });
    await this.limiter.reset(key, CURRENT_PASSWORD_LIMIT);
    if (email !== user.email && (await this.takenByAnother(email, userId))) throw usedByAnother();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now() + EMAIL_CHANGE_LINK_HOURS * 3_600_000).toISOString();
    await this.commands.run(
      userCommand({ type: 'RequestEmailChange', userId, email, tokenHash: tokenHash(token), expiresAt }, context),
      usersView.name,
    );
    await this.mailer.send(
      emailChangeConfirmEmail({
        to: email,
        name: user.name,
        confirmUrl: `${origin}${emailChangeConfirmPath(token)}`,
        expiresAt,
      }),
    );
  }

  /**
   * The link alone proves the new mailbox: no session needed. Answers the new email. Checked first, then
   * made by the email change process (reserve the new address, change, release the old one).
   */
  async confirm(token: string, origin: string): Promise<{ email: string }> {
    const hash = tokenHash(token);
    const user = await usersView.byEmailChangeTokenHash(this.store, hash);
    const pending = user?.pendingEmail;
    if (!user || !pending || Date.parse(pending.expiresAt) <= this.clock.now()) {
      throw new NotFoundException({ error: 'not_found', message: EMAIL_CHANGE_REFUSED });
    }
    if (await this.takenByAnother(pending.email, user._id)) throw usedByAnother();
    let position: number | null;
    try {
      ({ position } = await this.process.run({
        userId: user._id,
        tokenHash: hash,
        now: new Date(this.clock.now()).toISOString(),
        email: pending.email,
        previousEmail: user.email,
      }));
    } catch (error) {
      // taken between the check and the reservation: the run released what it had reserved
      if (error instanceof DomainError && error.code === 'conflict') throw usedByAnother();
      throw error;
    }
    await this.progress.waitFor(usersView.name, position);
    const notice = emailChangedNotice({
      to: user.email,
      name: user.name,
      newEmail: pending.email,
      forgotPasswordUrl: `${origin}/forgot_passwords/new`,
    });
    // the change is made: a notice that fails to go is logged, not turned into an error
    await this.mailer
      .send(notice)
      .catch((error: unknown) => this.logger.error({ err: error }, 'email change notice could not be sent'));
    return { email: pending.email };
  }

  /** Another user signs in with it, or holds its reservation (e.g. a sign-up still under way). */
  private async takenByAnother(email: string, userId: string): Promise<boolean> {
    const owner = await usersView.byEmail(this.store, email);
    if (owner && owner._id !== userId) return true;
    const holder = await emailReservationsView.holderOf(this.store, email);
    return holder !== null && holder !== userId;
  }
}

function invalid(message: string, fields: Record<string, string[]>): UnprocessableEntityException {
  return new UnprocessableEntityException({ error: 'invalid', message, fields });
}
