import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  PASSWORD_RESET_REFUSED,
  passwordErrorText,
  SSO_ACCOUNT_NOTICE,
  passwordFormErrors,
  type PasswordErrors,
  type PasswordForm,
} from '@tocsin/domain';
import { usersView } from '@tocsin/read-models';
import { createHash, randomBytes } from 'node:crypto';
import { userCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import type { Identity } from '../sessions/identity.types';
import { RateLimiter } from '../sessions/rate-limiter';
import { assertStrongPassword } from './password-strength';
import { hashPassword, verifyPassword } from '../sessions/secrets';
import { signsInWithSso } from '../sessions/sso-user';
import { MAILER, type Mailer } from '../mail/mailer';
import {
  CLOCK,
  CONFIG,
  LOGGER,
  READ_STORE,
  type AppConfig,
  type Clock,
  type Logger,
  type ReadStore,
} from '../runtime/ports';
import { deterministicId } from '../shared/event-sourced';
import { ProjectionProgress } from '../shared/projection-progress';
import { systemContext, type RequestContext } from '../shared/request-context';
import { TooManyRequests } from '../shared/too-many-requests';
import { PasswordChangeProcess } from './password-change.process';
import { passwordResetEmail } from './password-reset-email';

const RESET_HOURS = 1;
/** Wrong current passwords per user, so a borrowed session cannot guess its way to the password. */
const CURRENT_PASSWORD_LIMIT = { attempts: 5, windowSeconds: 15 * 60 };
/** Reset requests: per address answers 429; per email silently sends nothing more (the answer must not tell). */
const RESET_ADDRESS_LIMIT = { attempts: 20, windowSeconds: 15 * 60 };
const RESET_EMAIL_LIMIT = { attempts: 3, windowSeconds: 60 * 60 };

export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** 422 with the fields and the sentence the web shows (SPEC.md section 8). */
function refused(fields: PasswordErrors): UnprocessableEntityException {
  return new UnprocessableEntityException({
    error: 'invalid',
    message: passwordErrorText(fields) ?? 'Invalid password',
    fields,
  });
}

const tooMany = (wait: number, message: string) => new TooManyRequests(wait, { error: 'too_many_attempts', message });

/** Changing a password (signed in), and resetting a forgotten one through an emailed single-use link. */
@Injectable()
export class PasswordService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly limiter: RateLimiter,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly commands: Commands,
    private readonly progress: ProjectionProgress,
    private readonly passwordChange: PasswordChangeProcess,
  ) {}

  /** The session that made the change stays signed in; every other session of the user ends. */
  async change(identity: Identity, form: PasswordForm, context: RequestContext): Promise<void> {
    const errors = passwordFormErrors(form, { requireCurrent: true });
    if (Object.keys(errors).length > 0) throw refused(errors);
    const key = `password:${identity.userId}`;
    const wait = await this.limiter.consume(key, CURRENT_PASSWORD_LIMIT);
    if (wait > 0) throw tooMany(wait, 'Too many wrong passwords. Try again later.');
    const user = await usersView.byId(this.store, identity.userId);
    // SPEC.md section 3: single sign-on users have no password section; their provider holds their credentials.
    if (await signsInWithSso(this.store, user, this.config.ADMIN_EMAILS))
      throw new HttpException({ error: 'sso_enabled', message: SSO_ACCOUNT_NOTICE }, HttpStatus.FORBIDDEN);
    const currentPasswordValid = await verifyPassword(user ? String(user.passwordHash) : null, form.current_password!);
    if (!currentPasswordValid) throw refused({ current_password: ['is invalid'] });
    await this.limiter.reset(key, CURRENT_PASSWORD_LIMIT);
    assertStrongPassword(form.password!, String(user!.email));
    const passwordHash = await hashPassword(form.password!);
    const { position } = await this.passwordChange.run(
      deterministicId(`password/${identity.userId}/${context.commandId}`),
      { via: 'change', userId: identity.userId, passwordHash, keepSessionKey: identity.sessionKey },
    );
    await this.progress.waitFor(usersView.name, position);
  }

  /** Always the same answer; mail goes only to a known address within its limit. `origin` prefixes the link. */
  async requestReset(email: string, origin: string, address: string): Promise<void> {
    const from = `reset:address:${address}`;
    const wait = await this.limiter.consume(from, RESET_ADDRESS_LIMIT);
    if (wait > 0) throw tooMany(wait, 'Too many reset requests. Try again later.');
    const normalized = email.trim().toLowerCase();
    const user = await usersView.byEmail(this.store, normalized);
    // No reset mail for a single sign-on user: a password would not sign them in.
    if (!user || (await signsInWithSso(this.store, user, this.config.ADMIN_EMAILS))) return;
    const perEmail = `reset:account:${normalized}`;
    if ((await this.limiter.consume(perEmail, RESET_EMAIL_LIMIT)) > 0) return;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now() + RESET_HOURS * 3_600_000).toISOString();
    const context = systemContext('', user._id);
    await this.commands.run(
      userCommand(
        { type: 'RequestPasswordReset', userId: user._id, tokenHash: resetTokenHash(token), expiresAt },
        context,
      ),
      usersView.name,
    );
    const message = passwordResetEmail({
      to: normalized,
      name: String(user.name),
      resetUrl: `${origin}/password_resets/${token}`,
      expiresAt,
    });
    // A failed send is logged, not reported: the answer must read the same for every address.
    await this.mailer
      .send(message)
      .catch((error: unknown) => this.logger.error({ err: error }, 'password reset email could not be sent'));
  }

  /** A valid link sets the password and ends every session of the user. */
  async reset(token: string, form: PasswordForm): Promise<void> {
    const errors = passwordFormErrors(form, { requireCurrent: false });
    if (Object.keys(errors).length > 0) throw refused(errors);
    const tokenHash = resetTokenHash(token);
    const user = await usersView.byResetTokenHash(this.store, tokenHash);
    if (!user) throw new NotFoundException({ error: 'not_found', message: PASSWORD_RESET_REFUSED });
    // Before the link is spent: a refused password leaves it usable for a better one.
    assertStrongPassword(form.password!, String(user.email));
    const userId = user._id;
    const passwordHash = await hashPassword(form.password!);
    const now = new Date(this.clock.now()).toISOString();
    // one run per link: following it twice at once drives the same run
    const { position } = await this.passwordChange.run(tokenHash, {
      via: 'reset',
      userId,
      passwordHash,
      tokenHash,
      now,
    });
    await this.progress.waitFor(usersView.name, position);
  }
}
