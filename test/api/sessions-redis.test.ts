import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import request from 'supertest';
import { SESSION_COOKIE } from '@tocsin/contracts';
import { sessionStream } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';
import { signIn, signInAs, type Client } from '../support/session';
import { ACCOUNT_PASSWORD, newUser } from './account.support';
import { signUp } from '../support/sign-up';

const DAY = 86_400_000;
// Unique per run: sign-up mails per address are limited per hour, and that count lives in the shared Redis.
const OPERATOR = `sessions-operator-${Date.now()}-${process.pid}@example.com`;

/** The session key the server keeps: the SHA-256 of the secret in the client's cookie. */
function keyOf(client: Client): string {
  const secret = client.cookie
    .split('; ')
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    .slice(SESSION_COOKIE.length + 1);
  return createHash('sha256').update(decodeURIComponent(secret)).digest('hex');
}

describeWhen(redisReachable(), 'sessions in Redis (production shape)', `Redis is not reachable at ${REDIS_URL}`, () => {
  let app: TestApp;
  let redis: Redis;
  const stored = (key: string) => redis.hgetall(`tocsin:session:s:${key}`);
  const audit = async (key: string) =>
    (await app.runtime.infra.eventStore.readStream(sessionStream(key))).map((e) => [e.type, e.data]);

  beforeAll(async () => {
    app = await startApp({ env: { REDIS_URL, ADMIN_EMAILS: OPERATOR } });
    redis = new Redis(REDIS_URL);
  });
  // sessions live 14 days in the shared Redis: forget those of the users this suite signed in
  const signedIn = new Set<string>();
  afterAll(async () => {
    for (const userId of signedIn) {
      const keys = await redis.zrange(`tocsin:session:u:${userId}`, '0', '-1');
      await redis.del(`tocsin:session:u:${userId}`, ...keys.map((key) => `tocsin:session:s:${key}`));
    }
    redis?.disconnect();
    await app?.close();
  });

  it('keeps a signed-in session in Redis for its lifetime and records it in the log, then forgets it at sign-out', async () => {
    const member = await signInAs(app.url, 'member');
    // signed in: the adapters are not for anonymous callers
    expect((await member.get('/infra/health').expect(200)).body.adapters.sessions).toBe('redis');
    const key = keyOf(member);
    const me = (await member.get('/api/v1/me').expect(200)).body.data;
    signedIn.add(me.user.id);
    expect(await stored(key)).toMatchObject({ userId: me.user.id, orgId: 'org-demo', staff: '0' });
    const ttl = await redis.pttl(`tocsin:session:s:${key}`);
    expect(ttl).toBeGreaterThan(14 * DAY - 60_000);
    expect(ttl).toBeLessThanOrEqual(14 * DAY);
    expect(await redis.zscore(`tocsin:session:u:${me.user.id}`, key)).not.toBeNull();

    await member.delete('/sessions').expect(204);
    expect(await redis.exists(`tocsin:session:s:${key}`)).toBe(0);
    expect(await redis.zscore(`tocsin:session:u:${me.user.id}`, key)).toBeNull();
    await request(app.url).get('/api/v1/me').set('Cookie', member.cookie).expect(401);
    expect(await audit(key)).toEqual([
      [
        'SessionStarted',
        expect.objectContaining({ sessionKey: key, userId: me.user.id, organizationId: 'org-demo', staff: false }),
      ],
      ['SessionEnded', { sessionKey: key, reason: 'signed_out' }],
    ]);
  });

  it('answers from Redis alone: a session gone from Redis no longer opens anything', async () => {
    const owner = await signInAs(app.url, 'owner');
    signedIn.add((await owner.get('/api/v1/me').expect(200)).body.data.user.id);
    await redis.del(`tocsin:session:s:${keyOf(owner)}`);
    await owner.get('/api/v1/me').expect(401);
  });

  it("a password change ends the user's other sessions through the per-user index, and keeps the one that made it", async () => {
    const { client, userId, email } = await newUser(app, 'redis-pw');
    signedIn.add(userId);
    const other = await signIn(app.url, email, ACCOUNT_PASSWORD);
    const index = `tocsin:session:u:${userId}`;
    // the registration signed in too: three sessions
    expect(await redis.zrange(index, '0', '-1')).toHaveLength(3);
    expect(await redis.zrange(index, '0', '-1')).toEqual(expect.arrayContaining([keyOf(client), keyOf(other)]));
    await client
      .put('/api/v1/account/password')
      .send({
        current_password: ACCOUNT_PASSWORD,
        password: 'second-password-2',
        password_confirmation: 'second-password-2',
      })
      .expect(204);
    await client.get('/api/v1/me').expect(200);
    await other.get('/api/v1/me').expect(401);
    expect(await redis.zrange(index, '0', '-1')).toEqual([keyOf(client)]);
    expect((await audit(keyOf(other))).at(-1)).toEqual([
      'SessionEnded',
      { sessionKey: keyOf(other), reason: 'password_changed' },
    ]);
  });

  it('switches organization and starts staff sessions in Redis, a staff session lasting 8 hours', async () => {
    const { client, orgId, userId } = await newUser(app, 'redis-switch');
    signedIn.add(userId);
    await client.put('/api/v1/me/organization').send({ organization_id: orgId }).expect(200);
    expect((await stored(keyOf(client))).orgId).toBe(orgId);

    const registered = await signUp(app.url, {
      name: 'Operator',
      email: OPERATOR,
      password: ACCOUNT_PASSWORD,
      organization_name: 'Operators',
    });
    signedIn.add(registered.body.data.id);
    const operator = await signIn(app.url, OPERATOR, ACCOUNT_PASSWORD);
    const started = await operator.post('/api/v1/staff_sessions').send({ organization_id: 'org-demo' }).expect(201);
    const staffCookie = (started.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const staffKey = keyOf({ cookie: staffCookie } as Client);
    expect(await stored(staffKey)).toMatchObject({ orgId: 'org-demo', staff: '1' });
    expect(await redis.pttl(`tocsin:session:s:${staffKey}`)).toBeLessThanOrEqual(8 * 3_600_000);
    expect(await redis.exists(`tocsin:session:s:${keyOf(operator)}`)).toBe(0);
    const me = await request(app.url).get('/api/v1/me').set('Cookie', staffCookie).expect(200);
    expect(me.body.data.user).toMatchObject({ isStaffSession: true, role: 'owner' });
  });
});
