import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { SESSION_COOKIE } from '@tocsin/contracts';
import { loadConfig } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';
import { signInAs, type Client } from '../support/session';

const LIMIT = 5;

const expectRateLimited = (response: request.Response) => {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    error: 'rate_limited',
    message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds?\.$/),
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.body.message).toContain(`in ${retryAfter} second`);
};

/** The general request limits (RATE_LIMIT_PER_MINUTE), in process and in the Redis every api node shares. */
function requestLimits(env: () => Record<string, string>) {
  let app: TestApp;

  afterEach(() => app.close());

  it('answers 429 with Retry-After once an anonymous address spends its minute, fresh session cookies or not, while each session keeps its own', async () => {
    app = await startApp({ env: { ...env(), RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
    // two sign-ins: two of the address's anonymous requests
    const sessions: Client[] = [await signInAs(app.url, 'member'), await signInAs(app.url, 'viewer')];
    // made-up session cookies are anonymous: they do not buy a budget each
    for (let i = 0; i < LIMIT - 2; i++)
      await request(app.url).get('/api/v1/me').set('Cookie', `${SESSION_COOKIE}=made-up-${i}`).expect(401);
    expectRateLimited(await request(app.url).get('/api/v1/me').set('Cookie', `${SESSION_COOKIE}=made-up-again`));
    expectRateLimited(
      await request(app.url)
        .post('/sessions')
        .send({ email: 'owner@demo.tocsin.dev', password: 'tocsin-demo-password' }),
    );

    // the web app's built files are no API work: a page load's many of them do not count
    for (let i = 0; i < 2 * LIMIT; i++)
      expect((await request(app.url).get(`/assets/chunk-${i}.js`)).status).not.toBe(429);

    for (let i = 0; i < LIMIT; i++) await sessions[0].get('/api/v1/me').expect(200);
    expectRateLimited(await sessions[0].get('/api/v1/me'));
    await sessions[1].get('/api/v1/me').expect(200);
  });

  it('gives each client behind a trusted proxy its own anonymous budget, and none for a forwarded address the client made up', async () => {
    app = await startApp({ env: { ...env(), RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'loopback' } });
    const from = (address: string) => request(app.url).get('/api/v1/me').set('X-Forwarded-For', address);
    for (let i = 0; i < LIMIT; i++) await from(`198.51.100.${i}, 203.0.113.1`).expect(401);
    expectRateLimited(await from('203.0.113.1'));
    await from('203.0.113.2').expect(401);
  });
}

describe('request limits, counted in process', () => requestLimits(() => ({})));

describeWhen(redisReachable(), 'request limits, counted in Redis', `Redis is not reachable at ${REDIS_URL}`, () =>
  requestLimits(() => ({ REDIS_URL, BULLMQ_PREFIX: `test-requests-${randomUUID()}` })),
);

describe('RATE_LIMIT_PER_MINUTE configuration', () => {
  it('defaults to a generous 1200 and refuses what is not a positive whole number, naming the variable', () => {
    expect(loadConfig({}).RATE_LIMIT_PER_MINUTE).toBe(1200);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '60' }).RATE_LIMIT_PER_MINUTE).toBe(60);
    for (const value of ['0', '-5', 'lots', '1.5'])
      expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: value })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});
