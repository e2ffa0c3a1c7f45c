import { randomUUID } from 'node:crypto';
import { Controller, Module, Post } from '@nestjs/common';
import Redis from 'ioredis';
import { SignedIn } from '../../apps/api/src/access/access.decorators';
import { scopedCommandId } from '../../apps/api/src/shared/idempotency/idempotency-key';
import { startApp, type TestApp } from '../support/app';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';
import { teamStream } from '@tocsin/domain';
import { meOf, ORGANIZATION, PERSONAL, SETTINGS } from './match-and-update.support';

const TEAMS = '/api/v1/teams';
const HANDOFFS = '/api/v1/signals/handoff_notification_settings';
const REUSED = {
  error: 'idempotency_key_reused',
  message: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
};
const setting = (email: string, delay = 'PT5M') => ({
  notification_type: 'email',
  destination: { type: 'email', value: email },
  delay,
  notification_priority: 'HIGH',
});

/** Stand-ins for a request still running when its repeat arrives, and for one that fails on our side. */
const gate = { open: () => undefined as void, started: Promise.resolve(), failuresLeft: 0, runs: 0 };
@Controller('api/v1/test/idempotency')
class StandIn {
  @Post('slow')
  @SignedIn()
  async slow(): Promise<{ run: number }> {
    const run = ++gate.runs;
    await new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    return { run };
  }

  @Post('flaky')
  @SignedIn()
  flaky(): { run: number } {
    const run = ++gate.runs;
    if (gate.failuresLeft-- > 0) throw new Error('a failure on our side');
    return { run };
  }
}
@Module({ controllers: [StandIn] })
class StandInModule {}

/**
 * The Idempotency-Key is the caller's own (ARCHITECTURE.md: ids a client influences are scoped by
 * organization and user): another tenant, or a colleague, sending the same key makes their own rows and
 * never reaches the first caller's; the first answer is replayed to a repeat, and a different request
 * under a used key is refused (Stripe's contract).
 */
function idempotencySuite(env: () => Record<string, string>) {
  let app: TestApp;
  let owner: Client;
  let member: Client;
  let other: Client;
  let otherEmail: string;
  const teamEvents = async (id: string) => (await app.runtime.infra.eventStore.readStream(teamStream(id))).length;
  const teamNames = async (client: Client) =>
    (await client.get(TEAMS).query({ per_page: 100 }).expect(200)).body.data.map((t: { name: string }) => t.name);

  beforeAll(async () => {
    app = await startApp({ env: env(), extraModules: [StandInModule] });
    [owner, member] = await Promise.all([signInAs(app.url, 'owner'), signInAs(app.url, 'member')]);
    otherEmail = `idem-${randomUUID().slice(0, 8)}@example.com`;
    await signUp(app.url, {
      name: 'Tenant B',
      email: otherEmail,
      password: 'tenant-b-secret',
      organization_name: 'Tenant B',
    });
    other = await signIn(app.url, otherEmail, 'tenant-b-secret');
  });
  afterAll(() => app?.close());

  it("another organization reusing a key gets its own team, and the first organization's team stays as it was", async () => {
    const key = `team-${randomUUID()}`;
    const ours = (await owner.post(TEAMS).set('Idempotency-Key', key).send({ name: 'Ours' }).expect(201)).body.data;
    const theirs = (await other.post(TEAMS).set('Idempotency-Key', key).send({ name: 'Theirs' }).expect(201)).body.data;
    expect(theirs.id).not.toBe(ours.id);
    expect(theirs.name).toBe('Theirs');
    expect((await owner.get(`${TEAMS}/${ours.id}`).expect(200)).body.data).toEqual(ours);
    await other.get(`${TEAMS}/${ours.id}`).expect(404);
  });

  it("another organization reusing a key gets its own notification and handoff settings, never the first user's", async () => {
    const key = `settings-${randomUUID()}`;
    const ours = (
      await owner.post(SETTINGS).set('Idempotency-Key', key).send(setting('owner@demo.tocsin.dev')).expect(201)
    ).body.data;
    const theirs = (
      await other.post(SETTINGS).set('Idempotency-Key', key).send(setting(otherEmail, 'PT10M')).expect(201)
    ).body.data;
    expect(theirs.id).not.toBe(ours.id);
    expect(theirs).toMatchObject({ destination: { type: 'email', value: otherEmail }, delay: 'PT10M' });
    expect((await owner.get(SETTINGS).expect(200)).body.data).toContainEqual(ours);

    const handoffKey = `handoff-${randomUUID()}`;
    const ourHandoff = (
      await owner
        .post(HANDOFFS)
        .set('Idempotency-Key', handoffKey)
        .send({ notify_before_minutes: 30, notification_type: 'email' })
        .expect(201)
    ).body.data;
    const theirHandoff = (
      await other
        .post(HANDOFFS)
        .set('Idempotency-Key', handoffKey)
        .send({ notify_before_minutes: 60, notification_type: 'email' })
        .expect(201)
    ).body.data;
    expect(theirHandoff.id).not.toBe(ourHandoff.id);
    expect(theirHandoff.notify_before_minutes).toBe(60);
    expect((await owner.get(HANDOFFS).expect(200)).body.data).toContainEqual(ourHandoff);
  });

  it("another organization reusing a key starts its own match & update runs, and cannot read the first one's", async () => {
    for (const path of [PERSONAL, ORGANIZATION]) {
      const key = `run-${randomUUID()}`;
      const ours = (await owner.post(path).set('Idempotency-Key', key).send().expect(202)).body.data.id as string;
      const theirs = (await other.post(path).set('Idempotency-Key', key).send().expect(202)).body.data.id as string;
      expect(theirs).not.toBe(ours);
      await other.get(`${path}/${theirs}`).expect(200);
      await other.get(`${path}/${ours}`).expect(404);
      await owner.get(`${path}/${ours}`).expect(200);
    }
  });

  it('two users of one organization sending one key get a team and a setting each', async () => {
    const key = `colleagues-${randomUUID()}`;
    const [mine, yours] = [
      (await owner.post(TEAMS).set('Idempotency-Key', key).send({ name: 'Owner team' }).expect(201)).body.data,
      (await member.post(TEAMS).set('Idempotency-Key', key).send({ name: 'Member team' }).expect(201)).body.data,
    ];
    expect(yours.id).not.toBe(mine.id);
    expect((await owner.get(`${TEAMS}/${mine.id}`).expect(200)).body.data.name).toBe('Owner team');
    expect((await owner.get(`${TEAMS}/${yours.id}`).expect(200)).body.data.name).toBe('Member team');

    const handoffKey = `colleagues-handoff-${randomUUID()}`;
    const ownerHandoff = (
      await owner
        .post(HANDOFFS)
        .set('Idempotency-Key', handoffKey)
        .send({ notify_before_minutes: 15, notification_type: 'email' })
        .expect(201)
    ).body.data;
    const memberHandoff = (
      await member
        .post(HANDOFFS)
        .set('Idempotency-Key', handoffKey)
        .send({ notify_before_minutes: 15, notification_type: 'email' })
        .expect(201)
    ).body.data;
    expect(memberHandoff.id).not.toBe(ownerHandoff.id);
    expect((await member.get(HANDOFFS).expect(200)).body.data).toContainEqual(memberHandoff);
  });

  it('replays the first answer to a repeat of the same request, and makes one row', async () => {
    const key = `repeat-${randomUUID()}`;
    const name = `Repeat ${key}`;
    const first = await owner
      .post(TEAMS)
      .set('Idempotency-Key', key)
      .send({ name, restrict_signals_resource_management: false })
      .expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const { id } = first.body.data;
    await owner
      .patch(`${TEAMS}/${id}`)
      .send({ name: `${name} renamed` })
      .expect(200);
    // the same body with its keys in another order is the same request: the first answer, nothing written
    const repeat = await owner
      .post(TEAMS)
      .set('Idempotency-Key', key)
      .send({ restrict_signals_resource_management: false, name })
      .expect(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect(await teamEvents(id)).toBe(2);
    expect((await teamNames(owner)).filter((n: string) => n.startsWith(name))).toEqual([`${name} renamed`]);

    // a 202 (a queued run) and a 204 (a deletion) come back as they were too
    const runKey = `repeat-run-${randomUUID()}`;
    const run = await member.post(PERSONAL).set('Idempotency-Key', runKey).send().expect(202);
    const runAgain = await member.post(PERSONAL).set('Idempotency-Key', runKey).send().expect(202);
    expect(runAgain.body).toEqual(run.body);
    const deleteKey = `repeat-delete-${randomUUID()}`;
    await owner.delete(`${TEAMS}/${id}`).set('Idempotency-Key', deleteKey).expect(204);
    const deletedAgain = await owner.delete(`${TEAMS}/${id}`).set('Idempotency-Key', deleteKey).expect(204);
    expect(deletedAgain.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a used key on a different body or path with 422, writing nothing', async () => {
    const key = `reuse-${randomUUID()}`;
    const { id } = (
      await owner
        .post(TEAMS)
        .set('Idempotency-Key', key)
        .send({ name: `First ${key}` })
        .expect(201)
    ).body.data;
    const handoffs = (await owner.get(HANDOFFS).expect(200)).body.data;
    const refused = await owner
      .post(TEAMS)
      .set('Idempotency-Key', key)
      .send({ name: `Second ${key}` })
      .expect(422);
    expect(refused.body).toEqual(REUSED);
    const elsewhere = await owner
      .post(HANDOFFS)
      .set('Idempotency-Key', key)
      .send({ notify_before_minutes: 30, notification_type: 'email' })
      .expect(422);
    expect(elsewhere.body).toEqual(REUSED);
    expect(await teamEvents(id)).toBe(1);
    expect(await teamNames(owner)).not.toContain(`Second ${key}`);
    expect((await owner.get(HANDOFFS).expect(200)).body.data).toEqual(handoffs);
  });

  it('keeps no refused answer: a corrected request under the same key runs', async () => {
    const key = `corrected-${randomUUID()}`;
    await owner.post(TEAMS).set('Idempotency-Key', key).send({ name: '' }).expect(400);
    const corrected = await owner
      .post(TEAMS)
      .set('Idempotency-Key', key)
      .send({ name: `Corrected ${key}` })
      .expect(201);
    expect(corrected.body.data.name).toBe(`Corrected ${key}`);
  });

  it('answers two identical requests at once with one row: the second waits its turn (409) or replays', async () => {
    const key = `together-${randomUUID()}`;
    const name = `Together ${key}`;
    const answers = await Promise.all(
      [0, 1, 2].map(() => owner.post(TEAMS).set('Idempotency-Key', key).send({ name })),
    );
    for (const answer of answers) {
      expect([201, 409]).toContain(answer.status);
      if (answer.status === 409)
        expect(answer.body).toEqual({
          error: 'idempotency_key_in_use',
          message: 'A request with this Idempotency-Key is still being processed. Retry in a few seconds.',
        });
    }
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    expect((await teamNames(owner)).filter((n: string) => n === name)).toHaveLength(1);
  });

  it('answers a repeat that arrives while the first request still runs with 409, then replays the answer', async () => {
    const key = `in-flight-${randomUUID()}`;
    gate.runs = 0;
    const first = owner
      .post('/api/v1/test/idempotency/slow')
      .set('Idempotency-Key', key)
      .send({})
      .then((r) => r);
    while (gate.runs === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const busy = await owner.post('/api/v1/test/idempotency/slow').set('Idempotency-Key', key).send({}).expect(409);
    expect(busy.body).toEqual({
      error: 'idempotency_key_in_use',
      message: 'A request with this Idempotency-Key is still being processed. Retry in a few seconds.',
    });
    gate.open();
    expect((await first).body).toEqual({ run: 1 });
    const replayed = await owner.post('/api/v1/test/idempotency/slow').set('Idempotency-Key', key).send({}).expect(201);
    expect(replayed.body).toEqual({ run: 1 });
    expect(gate.runs).toBe(1);
  });

  it('keeps no answer of a failure on our side (500): the retry under the same key runs', async () => {
    const key = `flaky-${randomUUID()}`;
    gate.runs = 0;
    gate.failuresLeft = 1;
    await owner.post('/api/v1/test/idempotency/flaky').set('Idempotency-Key', key).send({}).expect(500);
    expect(
      (await owner.post('/api/v1/test/idempotency/flaky').set('Idempotency-Key', key).send({}).expect(201)).body,
    ).toEqual({ run: 2 });
    expect(
      (await owner.post('/api/v1/test/idempotency/flaky').set('Idempotency-Key', key).send({}).expect(201)).body,
    ).toEqual({ run: 2 });
  });

  it('refuses a key longer than 255 characters or with characters outside printable ASCII (400), writing nothing', async () => {
    const message = 'The Idempotency-Key header must be 1 to 255 printable ASCII characters (a UUID is a good choice).';
    for (const key of ['k'.repeat(256), 'tab\tinside']) {
      const name = `Bad key ${randomUUID()}`;
      const refused = await owner.post(TEAMS).set('Idempotency-Key', key).send({ name }).expect(400);
      expect(refused.body).toEqual({ error: 'invalid_idempotency_key', message });
      expect(await teamNames(owner)).not.toContain(name);
    }
    await owner
      .post(TEAMS)
      .set('Idempotency-Key', 'k'.repeat(255))
      .send({ name: `Long key ${randomUUID()}` })
      .expect(201);
  });
}

describe('Idempotency-Key (in process)', () => idempotencySuite(() => ({})));

// one namespace per run, so parallel runs and leftovers never meet
const prefix = `tocsin-test-${randomUUID().slice(0, 8)}`;

describeWhen(redisReachable(), 'Idempotency-Key (Redis)', `Redis is not reachable at ${REDIS_URL}`, () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  idempotencySuite(() => ({ REDIS_URL, BULLMQ_PREFIX: prefix }));

  describe('shared by api nodes', () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      [first, second] = await Promise.all([
        startApp({ env: { REDIS_URL, BULLMQ_PREFIX: prefix } }),
        startApp({ env: { REDIS_URL, BULLMQ_PREFIX: prefix } }),
      ]);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
    });

    it('keeps the first answer 24 hours under the namespace, scoped by organization and user', async () => {
      const owner = await signInAs(first.url, 'owner');
      const key = `kept-${randomUUID()}`;
      const created = await owner
        .post(TEAMS)
        .set('Idempotency-Key', key)
        .send({ name: `Kept ${key}` })
        .expect(201);
      const { id: userId } = await meOf(owner);
      const ttl = await redis.pttl(`${prefix}:idempotency:${scopedCommandId('org-demo', userId, key)}`);
      expect(ttl).toBeGreaterThan(23 * 3600_000);
      expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
      // another node (its own in-memory read models, its own SQLite) knows the key from Redis
      const elsewhere = await signInAs(second.url, 'owner');
      const replayed = await elsewhere
        .post(TEAMS)
        .set('Idempotency-Key', key)
        .send({ name: `Kept ${key}` })
        .expect(201);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.body).toEqual(created.body);
    });
  });
});
