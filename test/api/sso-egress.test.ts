import { SSO_API } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { startDnsServer, type TestDnsServer } from '../support/dns';
import { RecordingServer } from '../support/recording-server';
import { signInAs, type Client } from '../support/session';
import { proveDomain } from './sso.support';

const DOMAIN = 'acme-egress.test';

/**
 * An organization chooses its identity provider's issuer, and Tocsin calls it (discovery, token, keys): an owner
 * must not be able to make the server call into its own network or the cloud's metadata address. The guard is on
 * here (CHANNELS_ALLOW_PRIVATE_ADDRESSES unset); the "issuer" is a recording server on this machine.
 */
describe('single sign-on calls the identity provider through the egress guard', () => {
  let app: TestApp;
  let dns: TestDnsServer;
  let idp: RecordingServer;
  let owner: Client;

  beforeAll(async () => {
    dns = await startDnsServer();
    idp = await RecordingServer.start();
    app = await startApp({ env: { DNS_SERVERS: dns.address } });
    owner = await signInAs(app.url, 'owner');
  });
  afterAll(async () => {
    await app?.close();
    await idp?.close();
    await dns?.stop();
  });

  const begin = () =>
    fetch(`${app.url}/sessions/sso`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `ann@${DOMAIN}` }),
    });
  const configure = (issuer: string) =>
    owner
      .put(SSO_API)
      .send({ issuer, client_id: 'x', client_secret: 'a-long-client-secret-1234', domains: [DOMAIN], enabled: true })
      .expect(200);

  it('refuses an issuer on this machine or at the metadata address: 502, and nothing reaches it', async () => {
    await configure(`${idp.url}/realms/acme`);
    expect((await proveDomain(owner, dns, DOMAIN)).status).toBe(200);
    const local = await begin();
    expect(local.status).toBe(502);
    expect(await local.json()).toMatchObject({ error: 'sso_unavailable' });
    expect(idp.requests).toHaveLength(0);

    await configure('https://169.254.169.254/latest/meta-data');
    const metadata = await begin();
    expect(metadata.status).toBe(502);
    expect(await metadata.json()).toMatchObject({ error: 'sso_unavailable' });
  });
});
