import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startApp, type TestApp } from '../support/app';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';
import { DEMO_PASSWORD, demoEmail, signInAs } from '../support/session';

// 30 or 40 wrong passwords are as many argon2 checks: minutes on a machine busy with other suites
jest.setTimeout(180_000);

type Headers = Record<string, string | string[] | undefined>;
/** The device cookie a sign-in set, as the Cookie header that browser sends back to /sessions. */
const deviceCookieOf = (headers: Headers): string => {
  const value = headers['set-cookie'];
  const found = (Array.isArray(value) ? value : value ? [value] : []).find((c) => c.startsWith('tocsin_device='));
  if (!found) throw new Error('sign-in did not set a device cookie');
  return found.split(';')[0];
};
const signIn = (
  app: TestApp,
  email: string,
  password: string,
  options: { device?: string; forwardedFor?: string } = {},
) => {
  const call = request(app.url).post('/sessions');
  if (options.device) void call.set('Cookie', options.device);
  if (options.forwardedFor) void call.set('X-Forwarded-For', options.forwardedFor);
  return call.send({ email, password });
};
const statuses = (responses: Array<{ status: number }>) =>
  responses.map((r) => r.status).reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});
/** Wrong passwords for made-up accounts: they count only on the address. */
const floodOtherAccounts = async (app: TestApp, times: number, forwardedFor?: string) => {
  const answers = await Promise.all(
    Array.from({ length: times }, (_, i) =>
      signIn(app, `guess-${i}-${randomUUID()}@example.com`, 'wrong-password', { forwardedFor }),
    ),
  );
  expect(statuses(answers)).toEqual({ 401: times });
};

/** The same attacks against the in-process counts and the Redis ones every api node shares. */
function signInLimits(env: () => Record<string, string>) {
  let app: TestApp;

  beforeEach(async () => {
    app = await startApp({ env: env() });
  });
  afterEach(() => app.close());

  it('checks at most 5 of 40 parallel wrong passwords for one account, and then refuses even the right one from an unknown browser', async () => {
    const email = demoEmail('collaborator');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(app, email, `wrong-${i}`)));
    expect(statuses(answers)).toEqual({ 401: 5, 429: 35 });
    const refused = await signIn(app, email, DEMO_PASSWORD).expect(429);
    expect(refused.body).toEqual({
      error: 'too_many_attempts',
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('keeps a person at their known browser signing in while others flood the shared address with wrong passwords', async () => {
    const device = deviceCookieOf((await signIn(app, demoEmail('member'), DEMO_PASSWORD).expect(201)).headers);
    await floodOtherAccounts(app, 30);
    // the address is spent: a colleague at a new browser behind the same address waits
    await signIn(app, demoEmail('viewer'), DEMO_PASSWORD).expect(429);
    // the member's browser is known: it signs in, and another account's cookie does not buy the viewer a way past
    await signIn(app, demoEmail('member'), DEMO_PASSWORD, { device }).expect(201);
    await signIn(app, demoEmail('viewer'), DEMO_PASSWORD, { device }).expect(429);
  });

  it('keeps a known browser signing in while its own account is flooded from elsewhere, and counts its own wrong passwords', async () => {
    const email = demoEmail('owner');
    const device = deviceCookieOf((await signIn(app, email, DEMO_PASSWORD).expect(201)).headers);
    for (let i = 0; i < 5; i++) await signIn(app, email, `wrong-${i}`).expect(401);
    await signIn(app, email, DEMO_PASSWORD).expect(429);
    await signIn(app, email, DEMO_PASSWORD, { device }).expect(201);
    const forged = `${device.slice(0, -4)}AAAA`;
    await signIn(app, email, DEMO_PASSWORD, { device: forged }).expect(429);
    // a thief of the cookie still gets 5 guesses, not an unlimited run
    for (let i = 0; i < 5; i++) await signIn(app, email, `wrong-${i}`, { device }).expect(401);
    await signIn(app, email, DEMO_PASSWORD, { device }).expect(429);
  });

  it('checks at most 5 of 20 parallel wrong current passwords on a borrowed session, and says when to come back', async () => {
    const client = await signInAs(app.url, 'member');
    const attempt = (current: string) =>
      client
        .put('/api/v1/account/password')
        .send({ current_password: current, password: 'a-new-password-2', password_confirmation: 'a-new-password-2' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(`guess-${i}-wrong`)));
    expect(statuses(answers)).toEqual({ 422: 5, 429: 15 });
    const blocked = await attempt(DEMO_PASSWORD).expect(429);
    expect(blocked.body).toEqual({ error: 'too_many_attempts', message: 'Too many wrong passwords. Try again later.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });
}

describe('sign-in limits, counted in process', () => signInLimits(() => ({})));

describeWhen(redisReachable(), 'sign-in limits, counted in Redis', `Redis is not reachable at ${REDIS_URL}`, () =>
  // a prefix of its own: counts from other runs sharing this Redis do not leak in
  signInLimits(() => ({ REDIS_URL, BULLMQ_PREFIX: `test-limits-${randomUUID()}` })),
);
