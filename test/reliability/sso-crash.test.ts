import { SSO_API } from '@tocsin/contracts';
import { proveDomain } from '../api/sso.support';
import { startApp } from '../support/app';
import { expectKilledDuring, logOf, startCrashingApp, tempDataDirs } from '../support/crashing-app';
import { startDnsServer } from '../support/dns';
import { CookieFetch, startIdentityProvider } from '../support/oidc';
import { signInAs } from '../support/session';

jest.setTimeout(120_000);

/**
 * A process killed (SIGKILL, nothing flushed) between two steps of a change over several streams: the
 * next start finishes what was begun, and the person gets what they asked for.
 */
describe('a single sign-on killed between two steps', () => {
  const dirs = tempDataDirs();
  afterAll(() => dirs.remove());

  it('a first single sign-on killed after its address was reserved is finished at the next start', async () => {
    const dataDir = dirs.fresh();
    const email = `sso-${Date.now()}@acme-crash.test`;
    const dns = await startDnsServer();
    const child = await startCrashingApp(dataDir, 'ssoProvisioning:email', {
      DNS_SERVERS: dns.address,
      // the identity provider runs on this machine: the egress guard lets the app reach it only when told to
      CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    const idp = await startIdentityProvider(`${child.url}/sessions/sso/callback`);
    try {
      const owner = await signInAs(child.url, 'owner');
      await owner
        .put(SSO_API)
        .send({
          issuer: idp.issuer,
          client_id: idp.clientId,
          client_secret: idp.clientSecret,
          domains: ['acme-crash.test'],
          enabled: true,
        })
        .expect(200);
      expect((await proveDomain(owner, dns, 'acme-crash.test')).status).toBe(200);
      const browser = new CookieFetch();
      const begun = await browser.fetch(`${child.url}/sessions/sso`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      const login = await browser.follow(
        ((await begun.json()) as { data: { redirect_url: string } }).data.redirect_url,
      );
      const action = /action="([^"]+)"/.exec(await login.response.text())![1];
      const submitted = await browser.fetch(new URL(action, login.url).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: email, password: 'anything' }).toString(),
      });
      let url = new URL(submitted.headers.get('location')!, login.url).href;
      while (!url.includes('/sessions/sso/callback'))
        url = new URL((await browser.fetch(url)).headers.get('location')!, url).href;
      await expectKilledDuring(browser.fetch(url), child);
    } finally {
      child.kill();
      await idp.stop();
      await dns.stop();
    }
    const before = await logOf(dataDir);
    expect(
      before.some((event) => event.type === 'EmailReserved' && (event.data as { email: string }).email === email),
    ).toBe(true);
    expect(
      before.some((event) => event.type === 'UserRegistered' && (event.data as { email: string }).email === email),
    ).toBe(false);

    const app = await startApp({ dataDir });
    try {
      const owner = await signInAs(app.url, 'owner');
      const members = (await owner.get('/api/v1/users').query({ per_page: 100 }).expect(200)).body.data as Array<{
        email: string;
      }>;
      expect(members.map((member) => member.email)).toContain(email);
      const user = await app.runtime.infra.readStore.findOne<{ ssoEnabled?: boolean; defaultOrganization?: string }>(
        'users',
        { email },
      );
      expect(user).toMatchObject({ ssoEnabled: true, defaultOrganization: 'org-demo' });
    } finally {
      await app.close();
    }
  });
});
