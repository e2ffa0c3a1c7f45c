import request from 'supertest';
import { ConfigError, loadConfig } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { DEMO_PASSWORD, demoEmail } from '../support/session';

// 30 or 40 wrong passwords are as many argon2 checks: minutes on a machine busy with other suites
jest.setTimeout(180_000);

const signIn = (app: TestApp, email: string, password: string, forwardedFor: string) =>
  request(app.url).post('/sessions').set('X-Forwarded-For', forwardedFor).send({ email, password });
const statuses = (responses: Array<{ status: number }>) =>
  responses.map((r) => r.status).reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});
/** 30 wrong passwords for made-up accounts, from where X-Forwarded-For says: they count only on the address. */
const flood = async (app: TestApp, forwardedFor: (i: number) => string) => {
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) => signIn(app, `guess-${i}@example.com`, 'wrong-password', forwardedFor(i))),
  );
  expect(statuses(answers)).toEqual({ 401: 30 });
};

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  let app: TestApp;

  afterEach(() => app.close());

  it('counts failures per forwarded address when the proxy is trusted, so one address flooding does not lock out another', async () => {
    app = await startApp({ env: { TRUST_PROXY: 'loopback' } });
    await flood(app, () => '203.0.113.9');
    await signIn(app, demoEmail('viewer'), DEMO_PASSWORD, '203.0.113.9').expect(429);
    await signIn(app, demoEmail('viewer'), DEMO_PASSWORD, '198.51.100.7').expect(201);
    // the trusted proxy appends the address it saw: what the client wrote before it buys nothing
    await signIn(app, demoEmail('viewer'), DEMO_PASSWORD, '198.51.100.7, 203.0.113.9').expect(429);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    app = await startApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
    await flood(app, (i) => `203.0.113.${i}`);
    await signIn(app, demoEmail('viewer'), DEMO_PASSWORD, '198.51.100.7').expect(429);
  });

  it('honours a hop count: the address one proxy in front saw', async () => {
    app = await startApp({ env: { TRUST_PROXY: '1' } });
    await flood(app, (i) => `198.51.100.${i}, 203.0.113.9`);
    await signIn(app, demoEmail('viewer'), DEMO_PASSWORD, '203.0.113.9').expect(429);
    await signIn(app, demoEmail('viewer'), DEMO_PASSWORD, '203.0.113.10').expect(201);
  });
});

describe('/metrics behind a proxy on this machine (no METRICS_TOKEN: loopback only)', () => {
  let app: TestApp;
  afterEach(() => app.close());

  it('answers a loopback peer that TRUST_PROXY names as a proxy as if there were no such page, forwarding header or not', async () => {
    app = await startApp({ env: { TRUST_PROXY: 'loopback' } });
    // nginx's proxy_pass writes no X-Forwarded-For unless told to: the peer is the proxy, the caller anyone
    await request(app.url).get('/metrics').expect(404);
    await request(app.url).get('/metrics').set('X-Real-IP', '203.0.113.7').expect(404);
  });

  it('serves this machine when no proxy is trusted, but not a request a proxy says it relayed', async () => {
    app = await startApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
    await request(app.url).get('/metrics').expect(200);
    for (const [name, value] of [
      ['X-Real-IP', '203.0.113.7'],
      ['Via', '1.1 edge'],
      ['X-Forwarded-Proto', 'https'],
      ['X-Forwarded-For', '203.0.113.7'],
    ])
      await request(app.url).get('/metrics').set(name, value).expect(404);
  });
});

describe('TRUST_PROXY configuration', () => {
  it('takes a hop count, or addresses, ranges and range names as Express does, and trusts no one when unset', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 192.168.1.1/255.255.255.0, fd00::/8' }).TRUST_PROXY,
    ).toEqual(['loopback', '10.0.0.0/8', '192.168.1.1/255.255.255.0', 'fd00::/8']);
  });

  it.each(['true', 'everyone', '10.0.0.0/33', '10.0.0.1,', '300.1.1.1'])(
    'refuses %j with a message saying what it takes',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY must be a hop count \(like 1\) or comma-separated proxy addresses, CIDR ranges/,
      );
    },
  );
});
