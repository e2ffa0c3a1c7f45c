import {
  ConflictException,
  GoneException,
  Inject,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  initialRegistration,
  REGISTRATION_LINK_HOURS,
  REGISTRATION_LINK_MESSAGES,
  registrationLinkProblem,
  requireOrganizationName,
  type RegistrationState,
} from '@tocsin/domain';
import { emailReservationsView, registrationsView, usersView } from '@tocsin/read-models';
import type { Response } from 'express';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { registrationCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { MAILER, type Mailer } from '../mail/mailer';
import { CLOCK, LOGGER, READ_STORE, type Clock, type Logger, type ReadStore } from '../runtime/ports';
import { ProjectionProgress } from '../shared/projection-progress';
import { systemContext } from '../shared/request-context';
import { RateLimiter } from '../sessions/rate-limiter';
import { alreadyRegisteredEmail, registrationEmail } from './registration-email';
import { assertStrongPassword } from '../account/password-strength';
import { hashPassword } from '../sessions/secrets';
import { SessionService } from '../sessions/session.service';
import { SignUpProcess } from './sign-up.process';

/** Sign-up mail per address: beyond it nothing more is sent, silently (the answer must not tell). */
const PER_EMAIL_LIMIT = { attempts: 3, windowSeconds: 60 * 60 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const registrationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sign-up in two steps: `start` mails a single-use link (24 h) to the address, or, when the address already
 * has an account, a mail saying so; the answer is the same either way. `complete` follows the link: it
 * creates the user and their organization and signs them in.
 */
@Injectable()
export class RegistrationService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly limiter: RateLimiter,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly commands: Commands,
    private readonly sessions: SessionService,
    private readonly signUp: SignUpProcess,
    private readonly progress: ProjectionProgress,
  ) {}

  async start(input: { name: string; email: string }, origin: string): Promise<void> {
    const email = input.email.trim().toLowerCase();
    const perEmail = `registration:email:${email}`;
    if ((await this.limiter.consume(perEmail, PER_EMAIL_LIMIT)) > 0) return;
    const existing = await usersView.byEmail(this.readStore, email);
    const message = existing
      ? alreadyRegisteredEmail({
          to: email,
          name: existing.name,
          signInUrl: `${origin}/sessions/new`,
          forgotPasswordUrl: `${origin}/forgot_passwords/new`,
        })
      : await this.record(input.name, email, origin);
    // A failed send is logged, not reported: the answer must read the same for every address.
    await this.mailer
      .send(message)
      .catch((error: unknown) => this.logger.error({ err: error }, 'sign-up email could not be sent'));
  }

  private async record(name: string, email: string, origin: string) {
    const registrationId = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now() + REGISTRATION_LINK_HOURS * 3_600_000).toISOString();
    // the link may be followed at once: the view the complete page reads shows it before the mail goes
    await this.commands.run(
      registrationCommand(
        { type: 'StartRegistration', registrationId, email, name, tokenHash: registrationTokenHash(token), expiresAt },
        systemContext('', null),
      ),
      registrationsView.name,
    );
    const completeUrl = `${origin}/registrations/${registrationId}/complete?token=${token}`;
    return registrationEmail({ to: email, name: name.trim(), completeUrl, expiresAt });
  }

  /** The complete page asks first, so a bad link says so before anyone types a password. */
  async preview(registrationId: string, token: string): Promise<{ id: string; email: string; name: string }> {
    const state = await this.open(registrationId, token);
    return { id: registrationId, email: state.email, name: state.name };
  }

  /**
   * Everything is checked before anything is written (the link, the confirmation, the organization's name,
   * the address still free); the account is then made by the sign-up process, which a crash cannot leave
   * half done.
   */
  async complete(
    registrationId: string,
    form: { token: string; password: string; password_confirmation: string; organization_name: string },
    response: Response,
  ): Promise<{ id: string; organization_id: string }> {
    const state = await this.open(registrationId, form.token);
    if (form.password_confirmation !== form.password) {
      throw new UnprocessableEntityException({
        error: 'invalid',
        message: "Confirmation password doesn't match Password",
        fields: { password_confirmation: ["doesn't match Password"] },
      });
    }
    // Before the link is spent: a refused password leaves it usable for a better one.
    assertStrongPassword(form.password, state.email);
    const organizationName = requireOrganizationName(form.organization_name, 'organization_name');
    if (await emailReservationsView.holderOf(this.readStore, state.email)) {
      throw new ConflictException({
        error: 'conflict',
        message: 'An account with this email already exists. Sign in, or reset your password.',
        fields: { email: ['has already been taken'] },
      });
    }
    const {
      input: { userId, organizationId },
      position,
    } = await this.signUp.run({
      registrationId,
      tokenHash: registrationTokenHash(form.token),
      now: new Date(this.clock.now()).toISOString(),
      userId: randomUUID(),
      organizationId: randomUUID(),
      email: state.email,
      name: state.name,
      passwordHash: await hashPassword(form.password),
      organizationName,
    });
    // a second use of the link reads "used" from the view
    await this.progress.waitFor(registrationsView.name, position);
    await this.sessions.start(userId, organizationId, response);
    return { id: userId, organization_id: organizationId };
  }

  /** The pending registration the link names, or 404 (unknown, wrong token) / 410 (expired, used). */
  private async open(registrationId: string, token: string): Promise<RegistrationState> {
    if (!UUID.test(registrationId) || !token)
      throw new NotFoundException({ error: 'not_found', message: REGISTRATION_LINK_MESSAGES.invalid });
    const state = (await registrationsView.byId(this.readStore, registrationId)) ?? initialRegistration();
    const problem = registrationLinkProblem(
      state,
      registrationTokenHash(token),
      new Date(this.clock.now()).toISOString(),
    );
    if (problem === 'invalid')
      throw new NotFoundException({ error: 'not_found', message: REGISTRATION_LINK_MESSAGES.invalid });
    if (problem) throw new GoneException({ error: problem, message: REGISTRATION_LINK_MESSAGES[problem] });
    return state;
  }
}
