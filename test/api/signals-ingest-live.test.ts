import Redis from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { SocketEvents, ViewNames } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';
import { signInAs, type Client } from '../support/session';
import { createSource, createTeam, ingest, sources } from './signals-ingest.support';
import { nextNotice } from '../support/view-notices';

describe('signals ingest, live', () => {
  let app: TestApp;
  let owner: Client;
  let socket: Socket;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
  });
  afterAll(async () => {
    socket?.disconnect();
    await app.close();
  });

  it("pushes the alert and the log entry of a payload to its organization's room", async () => {
    const teamId = await createTeam(owner, 'Live');
    const source = await createSource(owner, { name: 'Live', format: 'generic', team_id: teamId });
    socket = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: owner.cookie } });
    await new Promise((resolve) => socket.once(SocketEvents.resync, resolve));
    const alert = nextNotice(socket, ViewNames.alerts);
    const entry = nextNotice(socket, ViewNames.ingestLogs);
    const sent = await ingest(app.url, `/ingest/${source.token}`, { summary: 'Live one', dedup_key: 'live' }).expect(
      202,
    );
    await expect(alert).resolves.toMatchObject({ ids: [sent.body.data.results[0].alert_id], orgId: 'org-demo' });
    await expect(entry).resolves.toMatchObject({ ids: [sent.body.data.payload_id], orgId: 'org-demo' });
  });
});

describeWhen(redisReachable(), 'signals ingest limits in Redis', `Redis is not reachable at ${REDIS_URL}`, () => {
  const prefix = `tocsin-ingest-test-${process.pid}-${Date.now()}`;
  let app: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    app = await startApp({ env: { REDIS_URL, BULLMQ_PREFIX: prefix } });
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await app.close();
  });

  it('counts each source in Redis, where every api node sees it, and refuses beyond the limit', async () => {
    const owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, 'Redis limits');
    const source = await createSource(owner, {
      name: 'Counted',
      format: 'generic',
      team_id: teamId,
      rate_limit_per_minute: 2,
    });
    const url = `/ingest/${source.token}`;
    await ingest(app.url, url, { summary: 'one' }).expect(202);
    await ingest(app.url, url, { summary: 'two' }).expect(202);
    const refused = await ingest(app.url, url, { summary: 'three' }).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await redis.get(`${prefix}:ratelimit:ingest:alerts:${source.id}`)).toBe('3');
    const read = (await owner.get(`${sources}/${source.id}`).expect(200)).body.data;
    expect(read.rate).toEqual({ per_minute: 2, current: 3, refused_last_hour: 1 });
  });
});
