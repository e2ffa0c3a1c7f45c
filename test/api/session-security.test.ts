import request from 'supertest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@tocsin/contracts';
import { userStream } from '@tocsin/domain';
import { ManualClock } from '@tocsin/platform';
import { Commands } from '../../apps/api/src/commands/commands';
import { seedDemo } from '../../apps/api/src/registration/seed-demo';
import { startApp, type TestApp } from '../support/app';
import { DEMO_PASSWORD, demoEmail, signIn as signInClient } from '../support/session';

type Headers = Record<string, string | string[] | undefined>;
const setCookies = (headers: Headers): string[] => {
  const value = headers['set-cookie'];
  return Array.isArray(value) ? value : value ? [value] : [];
};
const sessionCookieOf = (headers: Headers): string | undefined =>
  setCookies(headers).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
const sessionValue = (headers: Headers) => sessionCookieOf(headers)?.split(';')[0];
/** Every cookie a response set, as the Cookie header a browser sends back, and its CSRF token. */
const browserCookies = (headers: Headers) => {
  const pairs = setCookies(headers).map((c) => c.split(';')[0]);
  const csrf = pairs.find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return { cookie: pairs.join('; '), csrf: csrf ? decodeURIComponent(csrf.slice(CSRF_COOKIE.length + 1)) : '' };
};
const signIn = (app: TestApp, email: string, password = DEMO_PASSWORD, browser?: { cookie: string; csrf?: string }) => {
  const call = request(app.url).post('/sessions');
  if (browser) void call.set('Cookie', browser.cookie).set(CSRF_HEADER, browser.csrf ?? '');
  return call.send({ email, password });
};

describe('session security', () => {
  let app: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 0, 1));

  beforeAll(async () => {
    app = await startApp({ clock });
  });
  afterAll(() => app.close());

  it('sets an httpOnly, SameSite=Lax session cookie, not Secure outside production (plain http on this machine)', async () => {
    const cookie = sessionCookieOf((await signIn(app, demoEmail('viewer')).expect(201)).headers);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/; Secure/);
  });

  it('rotates the session at sign-in: a cookie from before is not the one after, and the earlier session ends', async () => {
    const email = demoEmail('member');
    const first = (await signIn(app, email).expect(201)).headers;
    const before = sessionValue(first)!;
    await request(app.url).get('/api/v1/me').set('Cookie', before).expect(200);

    const after = sessionValue((await signIn(app, email, DEMO_PASSWORD, browserCookies(first)).expect(201)).headers)!;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    await request(app.url).get('/api/v1/me').set('Cookie', after).expect(200);
    await request(app.url).get('/api/v1/me').set('Cookie', before).expect(401);
  });

  it('never adopts a session value planted before sign-in (fixation)', async () => {
    const planted = `${SESSION_COOKIE}=chosen-by-an-attacker`;
    const after = sessionValue(
      (await signIn(app, demoEmail('collaborator'), DEMO_PASSWORD, { cookie: planted }).expect(201)).headers,
    );
    expect(after).toBeDefined();
    expect(after).not.toBe(planted);
    await request(app.url).get('/api/v1/me').set('Cookie', planted).expect(401);
  });

  it('stores passwords as argon2id hashes, in the event log and the read model, and again after a change', async () => {
    const user = await app.runtime.infra.readStore.findOne<{ _id: string; passwordHash: string }>('users', {
      email: demoEmail('owner'),
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const history = await app.runtime.infra.eventStore.readStream(userStream(user!._id));
    const registered = history.find((e) => e.type === 'UserRegistered')!;
    expect((registered.data as { passwordHash: string }).passwordHash).toMatch(/^\$argon2id\$v=19\$m=\d+/);
    expect(JSON.stringify(history)).not.toContain(DEMO_PASSWORD);

    const owner = await signInClient(app.url, demoEmail('owner'));
    await owner
      .put('/api/v1/account/password')
      .send({
        current_password: DEMO_PASSWORD,
        password: 'a-new-password-2',
        password_confirmation: 'a-new-password-2',
      })
      .expect(204);
    const changed = (await app.runtime.infra.eventStore.readStream(userStream(user!._id))).filter(
      (e) => e.type === 'PasswordChanged',
    );
    expect(changed).toHaveLength(1);
    expect((changed[0].data as { passwordHash: string }).passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('blocks an address after 30 failed sign-ins across different accounts, whatever X-Forwarded-For says, for 15 minutes', async () => {
    // A forwarded-for header is the client's own word (no proxy is trusted): it must not buy fresh attempts.
    for (let i = 0; i < 30; i++) {
      await request(app.url)
        .post('/sessions')
        .set('X-Forwarded-For', `203.0.113.${i}`)
        .send({ email: `guess-${i}@example.com`, password: 'wrong-password' })
        .expect(401);
    }
    const blocked = await request(app.url)
      .post('/sessions')
      .set('X-Forwarded-For', '198.51.100.7')
      .send({ email: demoEmail('viewer'), password: DEMO_PASSWORD })
      .expect(429);
    expect(blocked.body).toEqual({
      error: 'too_many_attempts',
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
    });
    expect(sessionCookieOf(blocked.headers)).toBeUndefined();

    await clock.advance(15 * 60_000);
    await signIn(app, demoEmail('viewer')).expect(201);
  });
});

describe('session cookie in production', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://tocsin.example.com' } });
    // production seeds nothing: the demo people are added here, as an operator would add the first users
    await seedDemo(app.runtime, app.app.get(Commands));
    await app.runtime.runner!.waitFor((await app.runtime.infra.eventStore.headPosition())!);
  });
  afterAll(() => app?.close());

  it('is Secure (and httpOnly, SameSite=Lax), as is the CSRF cookie', async () => {
    const response = await signIn(app, demoEmail('owner')).expect(201);
    expect(sessionCookieOf(response.headers)).toMatch(/; Secure/);
    expect(sessionCookieOf(response.headers)).toMatch(/; HttpOnly/);
    expect(sessionCookieOf(response.headers)).toMatch(/; SameSite=Lax/);
    expect(setCookies(response.headers).find((c) => c.startsWith('tocsin_csrf='))).toMatch(/; Secure/);
  });
});
