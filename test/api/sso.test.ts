import { ManualClock } from '@tocsin/platform';
import { API_KEYS_API, CSRF_COOKIE, CSRF_HEADER, SSO_API } from '@tocsin/contracts';
import { SSO_ACCOUNT_NOTICE, SSO_DOMAIN_NOT_SET_UP, SSO_LINK_FIRST, SSO_PASSWORD_REFUSED } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { startDnsServer, type TestDnsServer } from '../support/dns';
import { beginSso, proveDomain, signInAtProvider } from './sso.support';
import { CookieFetch, startIdentityProvider, type TestIdentityProvider } from '../support/oidc';
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';

const DOMAIN = 'acme-sso.test';

describe('single sign-on with OpenID Connect (a real local provider)', () => {
  let app: TestApp;
  let idp: TestIdentityProvider;
  let dns: TestDnsServer;
  let owner: Client;
  const clock = new ManualClock(Date.now());
  let provisioned = '';

  beforeAll(async () => {
    dns = await startDnsServer();
    // the local provider lives on this machine: the egress guard lets it through only when told to
    app = await startApp({ clock, env: { DNS_SERVERS: dns.address, CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    idp = await startIdentityProvider(`${app.url}/sessions/sso/callback`);
    owner = await signInAs(app.url, 'owner');
  });
  afterAll(async () => {
    await idp?.stop();
    await app?.close();
    await dns?.stop();
  });

  it('lets the owner configure it, never shows the secret, and refuses bad input and other roles', async () => {
    expect((await owner.get(SSO_API).expect(200)).body).toEqual({ data: null });
    const bad = await owner
      .put(SSO_API)
      .send({ issuer: 'not a url', client_id: '', domains: ['no domain'], enabled: true });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toContain('client_id');
    const badIssuer = await owner.put(SSO_API).send({
      issuer: 'ftp://idp.example.com',
      client_id: 'x',
      client_secret: 'y',
      domains: ['acme.test'],
      enabled: true,
    });
    expect(badIssuer.status).toBe(400);
    expect(badIssuer.body.fields).toEqual({ issuer: ['issuer must start with https://'] });
    const badDomain = await owner
      .put(SSO_API)
      .send({ issuer: idp.issuer, client_id: 'x', client_secret: 'y', domains: ['not a domain'], enabled: true });
    expect(badDomain.status).toBe(400);
    expect(badDomain.body.fields.domains[0]).toMatch(/not an email domain/);
    expect((await owner.get(SSO_API)).body).toEqual({ data: null });

    const member = await signInAs(app.url, 'member');
    await member
      .put(SSO_API)
      .send({ issuer: idp.issuer, client_id: 'x', client_secret: 'y', domains: [DOMAIN], enabled: true })
      .expect(403);
    await member.get(SSO_API).expect(403);

    const saved = await owner
      .put(SSO_API)
      .send({
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        domains: [DOMAIN.toUpperCase()],
        enabled: true,
      })
      .expect(200);
    expect(saved.body.data).toEqual(
      expect.objectContaining({
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret_hint: '••••1234',
        domains: [DOMAIN],
        enabled: true,
      }),
    );
    expect(JSON.stringify(saved.body)).not.toContain(idp.clientSecret);
    // Saving again without the secret keeps it.
    await owner
      .put(SSO_API)
      .send({ issuer: idp.issuer, client_id: idp.clientId, domains: [DOMAIN], enabled: true })
      .expect(200);
  });

  it('signs no one in through a domain until its DNS TXT record proves it, and says which record is missing', async () => {
    const pending = (await owner.get(SSO_API).expect(200)).body.data.domain_statuses;
    expect(pending).toEqual([
      {
        domain: DOMAIN,
        status: 'pending',
        verified_by: null,
        record: {
          type: 'TXT',
          name: `_tocsin-challenge.${DOMAIN}`,
          value: expect.stringMatching(/^tocsin-domain-verification=[A-Za-z0-9_-]{32}$/),
        },
      },
    ]);
    const { name, value } = pending[0].record;
    const begun = await fetch(`${app.url}/sessions/sso`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `ann@${DOMAIN}` }),
    });
    expect(begun.status).toBe(404);

    const missing = await owner.post(`${SSO_API}/domains/${DOMAIN}/verify`).send({}).expect(422);
    expect(missing.body.message).toBe(
      `No TXT record ${value} was found at ${name}. Publish it with your DNS provider, wait a few minutes for it to spread, then verify again.`,
    );
    dns.setTxt(name, ['tocsin-domain-verification=someone-elses-token', 'v=spf1 -all']);
    expect((await owner.post(`${SSO_API}/domains/${DOMAIN}/verify`).send({}).expect(422)).body.message).toContain(
      value,
    );
    expect(dns.questions).toContain(name);
    dns.failFor(name);
    const broken = await owner.post(`${SSO_API}/domains/${DOMAIN}/verify`).send({}).expect(422);
    expect(broken.body.message).toBe(
      `The DNS lookup of ${name} failed (ESERVFAIL). Check the record with your DNS provider and try again in a few minutes.`,
    );
    const member = await signInAs(app.url, 'member');
    await member.post(`${SSO_API}/domains/${DOMAIN}/verify`).send({}).expect(403);
    await owner.post(`${SSO_API}/domains/${DOMAIN}/verify`).send({ by: 'operator' }).expect(403);
    await owner.post(`${SSO_API}/domains/not-ours.test/verify`).send({}).expect(404);
    expect((await owner.get(SSO_API)).body.data.domain_statuses[0].status).toBe('pending');

    const verified = await proveDomain(owner, dns, DOMAIN);
    expect(verified.status).toBe(200);
    expect(verified.body.data.domain_statuses).toEqual([
      expect.objectContaining({ domain: DOMAIN, status: 'verified', verified_by: 'dns' }),
    ]);
    // Saving the settings again keeps the proof.
    await owner
      .put(SSO_API)
      .send({ issuer: idp.issuer, client_id: idp.clientId, domains: [DOMAIN], enabled: true })
      .expect(200);
    expect((await owner.get(SSO_API)).body.data.domain_statuses[0].status).toBe('verified');
  });

  it('answers a clear 404 for an email domain no organization claims', async () => {
    const browser = new CookieFetch();
    const response = await browser.fetch(`${app.url}/sessions/sso`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@unclaimed.test' }),
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe(SSO_DOMAIN_NOT_SET_UP);
  });

  it('signs a new person in through the provider: PKCE, provisioned as a member, single sign-on enabled, password sign-in refused', async () => {
    const email = `ann-${Date.now()}@${DOMAIN}`;
    provisioned = email;
    const { browser, authorizeUrl, login } = await beginSso(app, email);
    const authorize = new URL(authorizeUrl);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const { callbackUrl, response } = await signInAtProvider(browser, login, email);
    expect(callbackUrl).toContain('/sessions/sso/callback');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');

    const me = await browser.fetch(`${app.url}/api/v1/me`);
    expect(me.status).toBe(200);
    const { data } = (await me.json()) as {
      data: { user: { email: string; ssoEnabled: boolean; role: string }; organization: { id: string } };
    };
    expect(data.user).toEqual(expect.objectContaining({ email, ssoEnabled: true, role: 'member' }));
    expect(data.organization.id).toBe('org-demo');

    const members = await owner.get('/api/v1/users').query({ per_page: 100 });
    expect(JSON.stringify(members.body)).toContain(email);

    const password = await fetch(`${app.url}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'whatever-it-is' }),
    });
    expect(password.status).toBe(403);
    expect(((await password.json()) as { message: string }).message).toBe(SSO_PASSWORD_REFUSED);

    // The callback cannot be replayed: its flow was taken.
    const replay = await browser.fetch(callbackUrl);
    expect(decodeURIComponent(replay.headers.get('location')!)).toMatch(/sso_error=.*Start single sign-on again/);
  });

  it('does not take over an existing password user: they sign in with their password first, then link, join the organization, and lose their password ways', async () => {
    const email = `pat-${Date.now()}@${DOMAIN}`;
    await signUp(app.url, { name: 'Pat', email, password: 'pat-password-1', organization_name: 'Pat Org' });
    const pat = await signIn(app.url, email, 'pat-password-1');
    // Pat's own organization cannot claim a domain another organization's single sign-on holds.
    const claimed = await pat
      .put(SSO_API)
      .send({ issuer: idp.issuer, client_id: 'x', client_secret: 'y', domains: [DOMAIN], enabled: true });
    expect(claimed.status).toBe(409);
    expect(claimed.body.fields).toEqual({ domains: [`${DOMAIN} is already claimed by another organization`] });

    const attempt = await beginSso(app, email);
    const refused = await signInAtProvider(attempt.browser, attempt.login, email);
    expect(decodeURIComponent(refused.response.headers.get('location')!)).toContain(SSO_LINK_FIRST);
    expect((await attempt.browser.fetch(`${app.url}/api/v1/me`)).status).toBe(401);
    await signIn(app.url, email, 'pat-password-1');

    // The link step: signed in with the password in this browser, the same email through the provider links it.
    const browser = new CookieFetch();
    const passwordSignIn = await browser.fetch(`${app.url}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'pat-password-1' }),
    });
    expect(passwordSignIn.status).toBe(201);
    const { login } = await beginSso(app, email, browser);
    const { response } = await signInAtProvider(browser, login, email);
    expect(response.headers.get('location')).toBe('/');
    const me = await browser.fetch(`${app.url}/api/v1/me`);
    const { data } = (await me.json()) as {
      data: {
        user: { email: string; ssoEnabled: boolean; role: string };
        organization: { id: string };
        organizations: { name: string }[];
      };
    };
    expect(data.user).toEqual(expect.objectContaining({ email, ssoEnabled: true, role: 'member' }));
    expect(data.organization.id).toBe('org-demo');
    expect(data.organizations.map((o) => o.name).sort()).toEqual(['Demo Organization', 'Pat Org']);

    const password = await fetch(`${app.url}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'pat-password-1' }),
    });
    expect(password.status).toBe(403);
    const csrf = browser.cookie('127.0.0.1', CSRF_COOKIE)!;
    const change = await browser.fetch(`${app.url}/api/v1/account/password`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: decodeURIComponent(csrf) },
      body: JSON.stringify({
        current_password: 'pat-password-1',
        password: 'pat-password-2',
        password_confirmation: 'pat-password-2',
      }),
    });
    expect(change.status).toBe(403);
    expect(((await change.json()) as { message: string }).message).toBe(SSO_ACCOUNT_NOTICE);
  });

  it("does not link with an API key in place of a session: a key is no person's sign-in, and the link would give it one", async () => {
    const email = `kim-${Date.now()}@${DOMAIN}`;
    await signUp(app.url, { name: 'Kim', email, password: 'kim-password-1', organization_name: 'Kim Org' });
    const kim = await signIn(app.url, email, 'kim-password-1');
    const { secret } = (
      await kim
        .post(API_KEYS_API)
        .send({ name: 'Read only', scopes: ['read_teams'] })
        .expect(201)
    ).body.data as { secret: string };
    // a browser that sends the key on every request to the app
    const keyed = new (class extends CookieFetch {
      fetch(url: string, init: RequestInit = {}) {
        if (!url.startsWith(app.url)) return super.fetch(url, init);
        const headers = { ...(init.headers as Record<string, string>), authorization: `Bearer ${secret}` };
        return super.fetch(url, { ...init, headers });
      }
    })();
    const { login } = await beginSso(app, email, keyed);
    const { response } = await signInAtProvider(keyed, login, email);
    expect(decodeURIComponent(response.headers.get('location')!)).toContain(SSO_LINK_FIRST);
    // the password still signs Kim in: nothing was linked
    await signIn(app.url, email, 'kim-password-1');
  });

  it('refuses a callback whose state is not the one this browser started, and shows the provider refusing', async () => {
    const { browser, authorizeUrl } = await beginSso(app, `bob@${DOMAIN}`);
    const mismatch = await browser.fetch(`${app.url}/sessions/sso/callback?code=forged&state=another-state`);
    expect(mismatch.status).toBe(303);
    expect(decodeURIComponent(mismatch.headers.get('location')!)).toContain(
      'This sign-in did not start in this browser',
    );
    expect((await browser.fetch(`${app.url}/api/v1/me`)).status).toBe(401);

    // A mismatch ends that attempt in this browser; the provider refusing is shown on a new one.
    expect(authorizeUrl).toContain('state=');
    const again = await beginSso(app, `bob@${DOMAIN}`);
    const state = new URL(again.authorizeUrl).searchParams.get('state')!;
    const refused = await again.browser.fetch(
      `${app.url}/sessions/sso/callback?error=access_denied&error_description=User%20denied&state=${state}`,
    );
    expect(decodeURIComponent(refused.headers.get('location')!)).toContain(
      'Your identity provider refused the sign-in (User denied).',
    );
  });

  it('refuses a sign-in that stayed too long at the provider', async () => {
    const email = `slow-${Date.now()}@${DOMAIN}`;
    const { browser, login } = await beginSso(app, email);
    await clock.advance(11 * 60_000);
    const { response } = await signInAtProvider(browser, login, email);
    expect(decodeURIComponent(response.headers.get('location')!)).toContain('This sign-in took too long and expired.');
  });

  it('turns off: the domain no longer signs in, and its people are ordinary users again (a reset gives them a password)', async () => {
    await owner.delete(SSO_API).expect(204);
    expect((await owner.get(SSO_API)).body).toEqual({ data: null });
    const response = await fetch(`${app.url}/sessions/sso`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `ann@${DOMAIN}` }),
    });
    expect(response.status).toBe(404);
    const password = await fetch(`${app.url}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: provisioned, password: 'no-password-yet' }),
    });
    expect(password.status).toBe(401);
  });
});
