import request from 'supertest';
import { SSO_API } from '@tocsin/contracts';
import { ConfigError, loadConfig } from '@tocsin/platform';
import { SSO_LINK_FIRST, SSO_OPERATOR_REFUSED } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { startDnsServer, type TestDnsServer } from '../support/dns';
import { CookieFetch, startIdentityProvider, type TestIdentityProvider } from '../support/oidc';
import { demoEmail, signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';
import { clientFromCookies } from './organization-admin.support';
import { beginSso, proveDomain, signInAtProvider } from './sso.support';

const OPERATOR = 'ops@operators.test';
const PASSWORD = 'a-long-password-for-tests';

async function orgOwner(url: string, email: string, organization: string): Promise<{ client: Client; orgId: string }> {
  await signUp(url, { name: organization, email, password: PASSWORD, organization_name: organization });
  const client = await signIn(url, email, PASSWORD);
  return { client, orgId: (await client.get('/api/v1/me').expect(200)).body.data.organization.id };
}

/** Where the app sent the browser after the provider vouched for `email` (the session starts or not). */
async function ssoAs(app: TestApp, hint: string, email: string) {
  const { browser, login } = await beginSso(app, hint);
  const { response } = await signInAtProvider(browser, login, email);
  return {
    location: decodeURIComponent(response.headers.get('location') ?? ''),
    me: await browser.fetch(`${app.url}/api/v1/me`),
  };
}

/**
 * The attack from the security issue: an owner of one organization names another organization's (or the
 * operators') email domain in its single sign-on, with an identity provider it controls, which vouches for
 * anyone.
 */
describe('single sign-on domain claims', () => {
  let app: TestApp;
  let idp: TestIdentityProvider;
  let dns: TestDnsServer;
  let mallory: Client;
  let carol: { client: Client; orgId: string };
  const settings = (domains: string[]) => ({
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    domains,
    enabled: true,
  });

  beforeAll(async () => {
    dns = await startDnsServer();
    app = await startApp({
      env: { DNS_SERVERS: dns.address, ADMIN_EMAILS: OPERATOR, CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true' },
    });
    idp = await startIdentityProvider(`${app.url}/sessions/sso/callback`);
    mallory = (await orgOwner(app.url, 'mallory@evil.test', 'Evil Org')).client;
    carol = await orgOwner(app.url, 'carol@carol.test', 'Carol Org');
    await orgOwner(app.url, OPERATOR, 'Tocsin Operations');
  });
  afterAll(async () => {
    await idp?.stop();
    await app?.close();
    await dns?.stop();
  });

  it("keeps a claim over another organization's domain pending, and a pending domain signs no one in", async () => {
    const saved = await mallory
      .put(SSO_API)
      .send(settings(['demo.tocsin.dev', 'evil.test']))
      .expect(200);
    expect(saved.body.data.domain_statuses.map((d: { status: string }) => d.status)).toEqual(['pending', 'pending']);
    const begun = await request(app.url)
      .post('/sessions/sso')
      .send({ email: demoEmail('member') });
    expect(begun.status).toBe(404);

    // Through Mallory's own proven domain, the provider vouching for a demo person changes nothing either.
    expect((await proveDomain(mallory, dns, 'evil.test')).status).toBe(200);
    const { location, me } = await ssoAs(app, 'someone@evil.test', demoEmail('member'));
    expect(location).toContain(`${demoEmail('member')} is not in a domain this organization's single sign-on covers`);
    expect(me.status).toBe(401);
    await signInAs(app.url, 'member');
  });

  it("even proven, does not take over another organization's member: they keep their password and their organizations", async () => {
    // Mallory controls this DNS server: the strongest attacker, proof and all.
    expect((await proveDomain(mallory, dns, 'demo.tocsin.dev')).status).toBe(200);
    const { location, me } = await ssoAs(app, demoEmail('owner'), demoEmail('owner'));
    expect(location).toContain(SSO_LINK_FIRST);
    expect(me.status).toBe(401);
    const owner = await signInAs(app.url, 'owner');
    const data = (await owner.get('/api/v1/me').expect(200)).body.data;
    expect(data.user.ssoEnabled).toBe(false);
    expect(data.organizations.map((o: { id: string }) => o.id)).toEqual(['org-demo']);
  });

  it('never signs an operator in through an organization, whatever the provider says, and leaves their password and staff sessions alone', async () => {
    await mallory
      .put(SSO_API)
      .send(settings(['demo.tocsin.dev', 'evil.test', 'operators.test']))
      .expect(200);
    expect((await proveDomain(mallory, dns, 'operators.test')).status).toBe(200);
    const begun = await request(app.url).post('/sessions/sso').send({ email: OPERATOR.toUpperCase() });
    expect(begun.status).toBe(403);
    expect(begun.body.message).toBe(SSO_OPERATOR_REFUSED);
    // The login hint is a colleague's; the provider answers with the operator's address.
    const { location, me } = await ssoAs(app, 'colleague@operators.test', OPERATOR);
    expect(location).toContain(SSO_OPERATOR_REFUSED);
    expect(me.status).toBe(401);

    const operator = await signIn(app.url, OPERATOR, PASSWORD);
    expect((await operator.get('/api/v1/me').expect(200)).body.data.user).toMatchObject({
      isAdminUser: true,
      ssoEnabled: false,
      isStaffSession: false,
    });
    // A new colleague in that domain is still provisioned, as a plain member of Mallory's organization.
    const colleague = await ssoAs(app, 'colleague@operators.test', 'colleague@operators.test');
    expect(colleague.location).toBe('/');
    expect((await colleague.me.json()).data.user).toMatchObject({
      isAdminUser: false,
      isStaffSession: false,
      role: 'member',
    });
  });

  it('refuses (409) a domain another organization proved, to be added or verified', async () => {
    const taken = await carol.client.put(SSO_API).send(settings(['demo.tocsin.dev']));
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual({ domains: ['demo.tocsin.dev is already claimed by another organization'] });

    await carol.client
      .put(SSO_API)
      .send(settings(['shared.test']))
      .expect(200);
    await mallory
      .put(SSO_API)
      .send(settings(['demo.tocsin.dev', 'evil.test', 'operators.test', 'shared.test']))
      .expect(200);
    expect((await proveDomain(mallory, dns, 'shared.test')).status).toBe(200);
    const late = await proveDomain(carol.client, dns, 'shared.test');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('shared.test is already verified by another organization');
    expect((await carol.client.get(SSO_API)).body.data.domain_statuses).toEqual([
      expect.objectContaining({ domain: 'shared.test', status: 'pending' }),
    ]);
  });

  it("lets an operator vouch for a domain from a staff session; owners cannot, and no organization reaches another one's domains", async () => {
    await carol.client
      .put(SSO_API)
      .send(settings(['carol.test']))
      .expect(200);
    const refused = await carol.client.post(`${SSO_API}/domains/carol.test/verify`).send({ by: 'operator' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Only a Tocsin operator in a staff session/);
    await mallory.post(`${SSO_API}/domains/carol.test/verify`).send({ by: 'dns' }).expect(404);
    expect(JSON.stringify((await mallory.get(SSO_API)).body)).not.toContain('carol.test');

    const operator = await signIn(app.url, OPERATOR, PASSWORD);
    // Outside a staff session an operator is an ordinary owner of their own organization.
    await operator.post(`${SSO_API}/domains/carol.test/verify`).send({ by: 'operator' }).expect(403);
    const started = await operator.post('/api/v1/staff_sessions').send({ organization_id: carol.orgId }).expect(201);
    const staff = clientFromCookies(app.url, started.headers['set-cookie'] as unknown as string[]);
    const vouched = await staff.post(`${SSO_API}/domains/carol.test/verify`).send({ by: 'operator' }).expect(200);
    expect(vouched.body.data.domain_statuses).toEqual([
      expect.objectContaining({ domain: 'carol.test', status: 'verified', verified_by: 'operator' }),
    ]);
    await staff.post(`${SSO_API}/domains/carol.test/verify`).send({ by: 'someone' }).expect(400);

    // Carol, the owner, has a password: the link step, not a takeover, for her too.
    const { location } = await ssoAs(app, 'carol@carol.test', 'carol@carol.test');
    expect(location).toContain(SSO_LINK_FIRST);
    const browser = new CookieFetch();
    expect(
      (
        await browser.fetch(`${app.url}/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'carol@carol.test', password: PASSWORD }),
        })
      ).status,
    ).toBe(201);
    const { login } = await beginSso(app, 'carol@carol.test', browser);
    expect((await signInAtProvider(browser, login, 'carol@carol.test')).response.headers.get('location')).toBe('/');
  });
});

describe('DNS_SERVERS', () => {
  it('takes IP addresses with ports, and names a bad one at boot', () => {
    expect(loadConfig({ DNS_SERVERS: '127.0.0.1:5353, [::1]:53,8.8.8.8' }).DNS_SERVERS).toEqual([
      '127.0.0.1:5353',
      '[::1]:53',
      '8.8.8.8',
    ]);
    expect(loadConfig({ DNS_SERVERS: '::1' }).DNS_SERVERS).toEqual(['::1']);
    for (const bad of ['dns.example.com', '999.1.1.1', '127.0.0.1:99999', ':::::', '[127.0.0.1]:53'])
      expect(() => loadConfig({ DNS_SERVERS: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ DNS_SERVERS: 'dns.example.com' })).toThrow(
      /DNS_SERVERS="dns.example.com": DNS_SERVERS must be comma-separated IP addresses with optional ports/,
    );
  });
});
