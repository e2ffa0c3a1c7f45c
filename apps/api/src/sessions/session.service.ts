import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { avatarPath, calendarPath, CSRF_COOKIE, SESSION_COOKIE, type MeResponse } from '@tocsin/contracts';
import { permissionsOf, SSO_PASSWORD_REFUSED, type AccountRole, type Tier } from '@tocsin/domain';
import { membershipsView, organizationsView, usersView } from '@tocsin/read-models';
import type { Response } from 'express';
import { calendarTokenOf } from '../account/calendar-token';
import { Commands } from '../commands/commands';
import { onboardingCompleteOf } from '../onboarding/onboarding.queries';
import { featureFlagsOf } from '../organization-admin/organization-feature-flags';
import { CLOCK, CONFIG, READ_STORE, type AppConfig, type Clock, type ReadStore } from '../runtime/ports';
import { systemContext } from '../shared/request-context';
import { TooManyRequests } from '../shared/too-many-requests';
import type { Identity } from './identity.types';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, KnownDevices } from './known-devices';
import { RateLimiter, type Limit } from './rate-limiter';
import { SessionRegistry } from './session-registry';
import { ProjectionProgress } from '../shared/projection-progress';
import { signsInWithSso } from './sso-user';
import { newCsrfToken, newSessionSecret, sessionKeyOf, verifyPassword } from './secrets';

const SESSION_DAYS = 14;
/** A staff session acts as an owner in someone else's organization: it lasts a working day, not two weeks. */
const STAFF_SESSION_HOURS = 8;
const ACCOUNT_LIMIT: Limit = { attempts: 5, windowSeconds: 15 * 60 };
const ADDRESS_LIMIT: Limit = { attempts: 30, windowSeconds: 15 * 60 };
/** A known device's own wrong passwords (its holder once had the right one). */
const DEVICE_LIMIT: Limit = { attempts: 5, windowSeconds: 15 * 60 };

/** Sign-in, sign-out and the "who am I" view, over the users and memberships read models and the session store. */
@Injectable()
export class SessionService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly commands: Commands,
    private readonly registry: SessionRegistry,
    private readonly devices: KnownDevices,
    private readonly progress: ProjectionProgress,
  ) {}

  /**
   * Every attempt is counted before the password is checked, so parallel guesses cannot outrun the
   * limit. A browser this user signed in from before (`device`, its cookie) is counted on its own;
   * any other on the account's and the address's counts. `previous`: the session this browser already
   * had, ended once the new one is earned (rotation).
   */
  async signIn(
    email: string,
    password: string,
    client: { address: string; device?: string },
    response: Response,
    previous?: Identity,
  ): Promise<void> {
    const normalized = email.trim().toLowerCase();
    const user = await usersView.byEmail(this.store, normalized);
    const device = user ? await this.devices.recognise(client.device, user._id) : null;
    const counts = device
      ? [{ key: `device:${device}`, limit: DEVICE_LIMIT }]
      : [
          { key: `account:${normalized}`, limit: ACCOUNT_LIMIT },
          { key: `address:${client.address}`, limit: ADDRESS_LIMIT },
        ];
    const waits = await Promise.all(counts.map(({ key, limit }) => this.limiter.consume(key, limit)));
    const wait = Math.max(...waits);
    if (wait > 0) {
      // a refused attempt checked nothing: only the count that refused it keeps it
      await Promise.all(
        counts.filter((_, i) => waits[i] === 0).map(({ key, limit }) => this.limiter.refund(key, limit)),
      );
      const minutes = Math.ceil(wait / 60);
      throw new TooManyRequests(wait, {
        error: 'too_many_attempts',
        message: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      });
    }
    // Their organization's provider decides who they are (and may have removed them): no password way around it.
    if (await signsInWithSso(this.store, user, this.config.ADMIN_EMAILS))
      throw new HttpException({ error: 'sso_required', message: SSO_PASSWORD_REFUSED }, HttpStatus.FORBIDDEN);
    if (!(await verifyPassword(user ? String(user.passwordHash) : null, password)) || !user) {
      throw new HttpException(
        { error: 'invalid_credentials', message: 'Invalid email or password.' },
        HttpStatus.UNAUTHORIZED,
      );
    }
    // a right password clears the account's (or device's) count; the address counts only failures
    await Promise.all(
      counts.map(({ key, limit }) =>
        limit === ADDRESS_LIMIT ? this.limiter.refund(key, limit) : this.limiter.reset(key, limit),
      ),
    );
    if (previous)
      await this.registry.end(previous.sessionKey, 'signed_out', systemContext(previous.orgId, previous.userId));
    const orgId = await this.homeOrganizationOf(user._id, user.defaultOrganization);
    if (!orgId)
      throw new HttpException(
        { error: 'no_organization', message: 'Your account is not a member of any organization.' },
        HttpStatus.FORBIDDEN,
      );
    await this.start(user._id, orgId, response);
    const secure = this.config.NODE_ENV === 'production';
    const maxAge = DEVICE_COOKIE_DAYS * 86_400_000;
    response.cookie(DEVICE_COOKIE, await this.devices.issue(user._id), {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: '/sessions',
      maxAge,
    });
  }

  /** Where a user lands: their default organization while they are a member of it, else the one they joined first. */
  private async homeOrganizationOf(userId: string, defaultOrganization: unknown): Promise<string | null> {
    const memberships = await membershipsView.ofUser(this.store, userId);
    const home = memberships.find((m) => m.orgId === defaultOrganization) ?? memberships[0];
    return home ? String(home.orgId) : null;
  }

  /**
   * Leaving a staff session (SPEC.md section 2: the banner's link to /sessions): it ends, and the operator
   * is back in their own organization under a new ordinary session, or signed out when they have none.
   * Answers the path the browser goes to next.
   */
  async exitStaffAccess(identity: Identity | undefined, response: Response): Promise<string> {
    if (!identity) return '/sessions/new';
    if (!identity.staff) return '/';
    await this.registry.end(identity.sessionKey, 'staff_access_exited', systemContext(identity.orgId, identity.userId));
    const user = await usersView.byId(this.store, identity.userId);
    const home = user && (await this.homeOrganizationOf(user._id, user.defaultOrganization));
    if (!home) {
      response.clearCookie(SESSION_COOKIE, { path: '/' });
      response.clearCookie(CSRF_COOKIE, { path: '/' });
      return '/sessions/new';
    }
    await this.start(identity.userId, home, response);
    return '/';
  }

  /** A new secret at every sign-in (the session is rotated), stored only as its hash. */
  async start(userId: string, orgId: string, response: Response, staff = false): Promise<void> {
    const secret = newSessionSecret();
    const maxAge = staff ? STAFF_SESSION_HOURS * 3_600_000 : SESSION_DAYS * 86_400_000;
    const expiresAt = new Date(this.clock.now() + maxAge).toISOString();
    await this.registry.start(
      { key: sessionKeyOf(secret), userId, orgId, expiresAt, staff },
      systemContext(orgId, userId),
    );
    const secure = this.config.NODE_ENV === 'production';
    response.cookie(SESSION_COOKIE, secret, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge });
    response.cookie(CSRF_COOKIE, newCsrfToken(), { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge });
  }

  async signOut(identity: Identity | undefined, response: Response): Promise<void> {
    if (identity)
      await this.registry.end(identity.sessionKey, 'signed_out', systemContext(identity.orgId, identity.userId));
    response.clearCookie(SESSION_COOKIE, { path: '/' });
    response.clearCookie(CSRF_COOKIE, { path: '/' });
  }

  async switchOrganization(identity: Identity, organizationId: string): Promise<Identity> {
    const membership = await membershipsView.of(this.store, organizationId, identity.userId);
    await this.registry.switchOrganization(
      identity.sessionKey,
      organizationId,
      !!membership,
      systemContext(identity.orgId, identity.userId),
    );
    return { ...identity, orgId: organizationId, role: membership!.role as AccountRole };
  }

  async me(identity: Identity): Promise<MeResponse['data']> {
    const [user, organization, memberships, featureFlags, onboardingComplete] = await Promise.all([
      usersView.byId(this.store, identity.userId),
      organizationsView.byId(this.store, identity.orgId),
      membershipsView.ofUser(this.store, identity.userId),
      featureFlagsOf(this.store, identity.orgId),
      onboardingCompleteOf(this.store, identity.orgId, identity.userId),
    ]);
    if (!user || !organization)
      throw new HttpException(
        { error: 'unauthorized', message: 'You are signed out. Sign in to continue.' },
        HttpStatus.UNAUTHORIZED,
      );
    const orgs = await organizationsView.byIds(
      this.store,
      memberships.map((m) => m.orgId),
    );
    const nameOf = new Map(orgs.map((o) => [o._id, String(o.name)]));
    const tier = organization.tier as Tier;
    return {
      user: {
        id: identity.userId,
        name: String(user.name),
        email: String(user.email),
        role: identity.role,
        owner: identity.role === 'owner',
        ssoEnabled: await signsInWithSso(this.store, user, this.config.ADMIN_EMAILS),
        isAdminUser: this.config.ADMIN_EMAILS.includes(String(user.email)),
        isStaffSession: identity.staff,
        defaultOrganization: (user.defaultOrganization as string | null) ?? null,
        featureFlagIdentity: { account_created_at: String(user.createdAt) },
        avatarUrl: avatarPath(identity.userId, user.avatar as string | null),
      },
      organization: {
        id: identity.orgId,
        name: String(organization.name),
        icalUrl: calendarPath(
          await calendarTokenOf(
            { readStore: this.store, commands: this.commands, progress: this.progress, config: this.config },
            user,
          ),
        ),
        account: { id: identity.orgId, name: String(organization.name), tier },
      },
      organizations: memberships.map((m) => ({
        id: String(m.orgId),
        name: nameOf.get(String(m.orgId)) ?? '',
        role: m.role as AccountRole,
        isDefault: m.orgId === user.defaultOrganization,
      })),
      permissions: permissionsOf(identity.role),
      featureFlags,
      metadata: { onboarding_complete: onboardingComplete },
    };
  }
}
