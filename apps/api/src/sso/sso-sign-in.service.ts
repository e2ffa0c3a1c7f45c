import { ForbiddenException, HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { emailDomainOf, SSO_DOMAIN_NOT_SET_UP, SSO_LINK_FIRST, SSO_OPERATOR_REFUSED } from '@tocsin/domain';
import {
  emailReservationsView,
  membershipsView,
  ssoConfigurationsView,
  usersView,
  type SsoConfigurationDoc,
  type UserDoc,
} from '@tocsin/read-models';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { egressFetch } from '@tocsin/platform';
import * as oidc from 'openid-client';
import type { Identity } from '../sessions/identity.types';
import { SessionRegistry } from '../sessions/session-registry';
import { SessionService } from '../sessions/session.service';
import {
  CLOCK,
  CONFIG,
  LOGGER,
  READ_STORE,
  REDIS,
  type AppConfig,
  type Clock,
  type Logger,
  type ReadStore,
  type RedisConnection,
} from '../runtime/ports';
import { ProjectionProgress } from '../shared/projection-progress';
import { systemContext } from '../shared/request-context';
import { SsoFlowStore } from './sso-flow-store';
import { SsoSignInError } from './sso-sign-in.error';
import { SsoProvisioningProcess } from './sso-provisioning.process';

/** How long a sign-in may stay at the identity provider. */
const FLOW_MINUTES = 10;

const DISCOVERY_TTL_MS = 10 * 60 * 1000;

/** OpenID Connect authorization code flow with PKCE, state and nonce; the ID token decides who signs in. */
@Injectable()
export class SsoSignInService {
  private readonly flows: SsoFlowStore;

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(REDIS) redis: RedisConnection,
    private readonly sessions: SessionService,
    private readonly progress: ProjectionProgress,
    private readonly registry: SessionRegistry,
    private readonly provisioning: SsoProvisioningProcess,
  ) {
    this.flows = new SsoFlowStore(redis, () => clock.now());
  }

  /**
   * A sign-in needs the provider's metadata twice (begin, callback): discovered once, kept for
   * DISCOVERY_TTL_MS per configuration version (a saved change has a new updatedAt, so it is found again).
   */
  private readonly discovered = new Map<string, { configuration: oidc.Configuration; until: number }>();

  private get fetch(): oidc.CustomFetch {
    return egressFetch({
      allowPrivate: this.config.CHANNELS_ALLOW_PRIVATE_ADDRESSES,
      timeoutMs: this.config.CHANNEL_TIMEOUT_MS,
      maxResponseBytes: 256 * 1024,
    }) as oidc.CustomFetch;
  }

  private async configurationFor(doc: SsoConfigurationDoc): Promise<oidc.Configuration> {
    const key = `${doc._id}@${doc.updatedAt}`;
    const now = this.clock.now();
    const cached = this.discovered.get(key);
    if (cached && cached.until > now) return cached.configuration;
    const insecure = doc.issuer.startsWith('http://') && this.config.NODE_ENV !== 'production';
    try {
      // an organization chooses the issuer: every call to it (discovery, token, keys, userinfo) goes through the
      // egress client, which refuses private addresses and does not follow redirects
      const configuration = await oidc.discovery(new URL(doc.issuer), doc.clientId, doc.clientSecret, undefined, {
        [oidc.customFetch]: this.fetch,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
      for (const [stale, entry] of this.discovered)
        if (stale.startsWith(`${doc._id}@`) || entry.until <= now) this.discovered.delete(stale);
      this.discovered.set(key, { configuration, until: now + DISCOVERY_TTL_MS });
      return configuration;
    } catch (error) {
      this.logger.warn({ err: error, issuer: doc.issuer }, 'single sign-on discovery failed');
      throw new HttpException(
        {
          error: 'sso_unavailable',
          message: 'Your identity provider could not be reached. Try again, or contact your admin.',
        },
        HttpStatus.BAD_GATEWAY,
      );
    }
  }

  /** Answers the provider's authorization URL; the browser goes there. `state` is also the browser's cookie. */
  async begin(email: string, redirectUri: string): Promise<{ url: string; state: string }> {
    if (this.config.ADMIN_EMAILS.includes(email.trim().toLowerCase()))
      throw new ForbiddenException({ error: 'sso_not_for_operators', message: SSO_OPERATOR_REFUSED });
    const domain = emailDomainOf(email);
    // Only a proven domain names an organization: a pending claim does nothing.
    const doc = domain && (await ssoConfigurationsView.signingIn(this.readStore, domain));
    if (!doc) throw new NotFoundException({ error: 'sso_not_set_up', message: SSO_DOMAIN_NOT_SET_UP });
    const config = await this.configurationFor(doc);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.flows.put(state, {
      organizationId: doc._id,
      codeVerifier,
      nonce,
      expiresAt: this.clock.now() + FLOW_MINUTES * 60_000,
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      login_hint: email.trim(),
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, state };
  }

  /**
   * The provider sent the browser back: check it, redeem the code, and sign the person in. `signedIn`: the
   * session this browser already has, which links an existing account to single sign-on when it is theirs.
   */
  async complete(
    callbackUrl: URL,
    cookieState: string | undefined,
    response: Response,
    signedIn?: Identity,
  ): Promise<void> {
    const state = callbackUrl.searchParams.get('state') ?? '';
    if (!state || state !== cookieState)
      throw new SsoSignInError('This sign-in did not start in this browser. Start single sign-on again.');
    const flow = await this.flows.take(state);
    if (!flow)
      throw new SsoSignInError('This sign-in link was already used or is unknown. Start single sign-on again.');
    if (flow.expiresAt <= this.clock.now())
      throw new SsoSignInError('This sign-in took too long and expired. Start single sign-on again.');
    const idpError = callbackUrl.searchParams.get('error');
    if (idpError) {
      const detail = callbackUrl.searchParams.get('error_description');
      throw new SsoSignInError(`Your identity provider refused the sign-in (${detail || idpError}).`);
    }
    const doc = await ssoConfigurationsView.enabledOf(this.readStore, flow.organizationId);
    if (!doc) throw new SsoSignInError('Single sign-on is no longer set up for your organization. Contact your admin.');
    const config = await this.configurationFor(doc);
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      // Many providers keep email and name for the userinfo endpoint rather than the ID token.
      if (claims && typeof claims.email !== 'string')
        claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
    } catch (error) {
      this.logger.warn({ err: error }, 'single sign-on code exchange failed');
      throw new SsoSignInError('Your identity provider could not confirm the sign-in. Start single sign-on again.');
    }
    const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || claims?.email_verified === false)
      throw new SsoSignInError('Your identity provider did not share a verified email address. Contact your admin.');
    // Only addresses of the organization's own proven domains: a provider cannot sign in someone else's account.
    if (!doc.verifiedDomains.includes(emailDomainOf(email) ?? ''))
      throw new SsoSignInError(
        `${email} is not in a domain this organization's single sign-on covers. Contact your admin.`,
      );
    const existing = await usersView.byEmail(this.readStore, email);
    await this.refuseTakeover(email, existing, doc._id, signedIn);
    const name =
      typeof claims?.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 100) : email.split('@')[0];
    const userId = await this.provision(email, name, doc._id, existing);
    // The session it came with is replaced, as at every sign-in (rotation).
    if (signedIn)
      await this.registry.end(signedIn.sessionKey, 'signed_out', systemContext(signedIn.orgId, signedIn.userId));
    await this.sessions.start(userId, doc._id, response);
  }

  /**
   * An organization's identity provider vouches for an email; that is not enough to take over an account that
   * already exists (ARCHITECTURE.md, security rules). Operators never sign in this way. Anyone else who already
   * has a way in (a password, or another organization) links single sign-on from a session they opened that way,
   * as PagerDuty and Opsgenie ask. New people, and people already linked to this organization, pass.
   */
  private async refuseTakeover(
    email: string,
    user: UserDoc | null,
    organizationId: string,
    signedIn: Identity | undefined,
  ): Promise<void> {
    if (this.config.ADMIN_EMAILS.includes(email)) throw new SsoSignInError(SSO_OPERATOR_REFUSED);
    if (!user) return;
    if (signedIn && !signedIn.staff && signedIn.userId === user._id) return;
    if (user.ssoOrganizationId === organizationId) return;
    const elsewhere = await membershipsView.elsewhere(this.readStore, user._id, organizationId);
    if (elsewhere || user.passwordHash) throw new SsoSignInError(SSO_LINK_FIRST);
  }

  /**
   * Finds or creates the user, makes them a member of the organization, and marks them single sign-on:
   * decided here, then made by the provisioning process, which a crash cannot leave half done.
   */
  private async provision(
    email: string,
    name: string,
    organizationId: string,
    existing: UserDoc | null,
  ): Promise<string> {
    const store = this.readStore;
    if (!existing && (await emailReservationsView.holderOf(store, email))) {
      throw new SsoSignInError(
        'An account for this address is still being created. Try single sign-on again in a minute.',
      );
    }
    const userId = existing?._id ?? randomUUID();
    const membership = await membershipsView.of(store, organizationId, userId);
    const { position } = await this.provisioning.run({
      runId: randomUUID(),
      organizationId,
      userId,
      email,
      name,
      newUser: !existing,
      join: !membership,
      setDefault: !existing?.defaultOrganization,
    });
    await this.progress.waitFor(usersView.name, position);
    await this.progress.waitFor(membershipsView.name, position);
    return userId;
  }
}
