import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import request from 'supertest';
import { LACKS_PERMISSIONS_TOOLTIP } from '@tocsin/domain';
import { deterministicId } from '../../apps/api/src/shared/event-sourced';
import { scopedCommandId } from '../../apps/api/src/shared/idempotency/idempotency-key';
import { startApp, type TestApp } from '../support/app';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';
import { signInAs, type Client } from '../support/session';
import {
  addItem,
  addPhone,
  compliance,
  invited,
  meOf,
  ORGANIZATION,
  PERSONAL,
  RunNotices,
  SETTINGS,
} from './match-and-update.support';
import { registerOrg } from './organization-admin.support';

const MAIN = join(__dirname, '../../apps/api/dist/main.js');

/** `node apps/api/dist/main.js` with APP_ROLE=worker, once it says it is ready (and where its /metrics listens). */
function startWorker(env: Record<string, string>): Promise<{ child: ChildProcess; metricsPort: number }> {
  if (!existsSync(MAIN))
    throw new Error('apps/api/dist/main.js is missing: run `npm run build:server` (npm test does it first)');
  const child = spawn(process.execPath, [MAIN], {
    // METRICS_PORT 0: any free port, so workers of parallel suites never share one
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', APP_ROLE: 'worker', METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.split('\n').find((line) => line.includes('"msg":"worker ready"'));
      if (ready) resolve({ child, metricsPort: (JSON.parse(ready) as { metricsPort: number }).metricsPort });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}: ${output.slice(-2000)}`)));
  });
}

function stopWorker(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Polls a condition another process makes true (never a measure of time: it only bounds the wait). */
async function until(condition: () => Promise<boolean>, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition never held');
}

/** 'Match & update all' as a job (SPEC.md sections 4, 5, 8, 9): the same suite on the in-process queue and on BullMQ. */
function matchAndUpdateSuite(jobs: 'memory' | 'bullmq', env: () => Record<string, string>) {
  let app: TestApp;
  const open: RunNotices[] = [];
  const notices = async (client: Client) => {
    const socket = await RunNotices.open(app, client);
    open.push(socket);
    return socket;
  };

  beforeAll(async () => {
    app = await startApp({ env: { SIMPLE_PHONE_VERIFICATION: 'true', ...env() } });
  });
  afterAll(async () => {
    for (const socket of open) socket.close();
    await app?.close();
  });

  it('brings a member into compliance: the slow setting updated, the missing one created, pushed and readable', async () => {
    expect(app.runtime.infra.jobs.kind).toBe(jobs);
    const [owner, member] = await Promise.all([signInAs(app.url, 'owner'), signInAs(app.url, 'member')]);
    await addItem(owner, 'HIGH', 'email', 'PT5M');
    await addItem(owner, 'HIGH', 'voice', 'PT1M');
    const number = await addPhone(member);
    const slow = (
      await member
        .post(SETTINGS)
        .send({
          notification_type: 'email',
          destination: { type: 'email', value: 'member@demo.tocsin.dev' },
          delay: 'PT1H',
          notification_priority: 'HIGH',
        })
        .expect(201)
    ).body.data;
    expect((await compliance(member)).compliant).toBe(false);

    const socket = await notices(member);
    const started = await member.post(PERSONAL).set('Idempotency-Key', 'member-run-1').send().expect(202);
    const { id } = started.body.data;
    expect(started.body).toEqual({ data: { id, status: 'queued' } });
    const result = { updated: 1, created: 1, failed: [], unsatisfiable: [] };
    expect(await socket.finishedOf(id)).toEqual({ id, scope: 'user', status: 'completed', result });
    expect(socket.progressOf(id)).toEqual([0, 1, 2].map((done) => ({ done, total: 2, scope: 'user' })));
    expect((await member.get(`${PERSONAL}/${id}`).expect(200)).body).toEqual({
      data: { id, status: 'completed', progress: { done: 2, total: 2 }, result },
    });

    expect(await compliance(member)).toMatchObject({ compliant: true, unmet: [] });
    const settings = (await member.get(SETTINGS).expect(200)).body.data;
    expect(settings).toEqual([
      expect.objectContaining({
        notification_type: expect.objectContaining({ value: 'voice' }),
        destination: { type: 'phone', value: number },
        delay: 'PT1M',
        notification_priority: 'HIGH',
      }),
      expect.objectContaining({
        id: slow.id,
        notification_type: expect.objectContaining({ value: 'email' }),
        delay: 'PT5M',
      }),
    ]);

    // the same request again (same Idempotency-Key) is the same run, and changes nothing more
    const again = await member.post(PERSONAL).set('Idempotency-Key', 'member-run-1').send().expect(202);
    expect(again.body.data.id).toBe(id);
    expect((await member.get(SETTINGS).expect(200)).body.data).toHaveLength(2);
    // a new run on compliant preferences has nothing to do
    const second = (await member.post(PERSONAL).send().expect(202)).body.data.id;
    expect((await socket.finishedOf(second)).result).toEqual({ updated: 0, created: 0, failed: [], unsatisfiable: [] });
  });

  it('lists an item without a destination of its kind as unsatisfiable, and does what it can', async () => {
    const { client: owner } = await registerOrg(app.url, 'solo-owner@example.com', 'Solo Org');
    const chat = await addItem(owner, 'HIGH', 'chat', 'PT5M');
    await addItem(owner, 'LOW', 'email', 'PT30M');
    const socket = await notices(owner);
    const id = (await owner.post(PERSONAL).send().expect(202)).body.data.id;
    const unsatisfiable = [
      { notification_policy_item_id: chat, reason: 'No suitable destinations available for chat' },
    ];
    expect((await socket.finishedOf(id)).result).toEqual({ updated: 0, created: 1, failed: [], unsatisfiable });
    expect(await compliance(owner)).toMatchObject({
      compliant: false,
      items: expect.arrayContaining([{ notification_policy_item_id: chat, is_compliant: false }]),
    });
  });

  it('refuses viewers and collaborators (they cannot edit preferences) and shows a run only to who started it', async () => {
    const [owner, member, viewer, collaborator] = await Promise.all(
      (['owner', 'member', 'viewer', 'collaborator'] as const).map((role) => signInAs(app.url, role)),
    );
    for (const refused of [viewer, collaborator]) {
      expect((await refused.post(PERSONAL).send().expect(403)).body).toEqual({
        error: 'forbidden',
        message: LACKS_PERMISSIONS_TOOLTIP,
      });
    }
    await request(app.url).post(PERSONAL).send().expect(401);
    const id = (await member.post(PERSONAL).send().expect(202)).body.data.id;
    for (const other of [owner, viewer]) {
      expect((await other.get(`${PERSONAL}/${id}`).expect(404)).body).toEqual({
        error: 'not_found',
        message: 'Match and update run not found',
      });
    }
    await member.get(`${PERSONAL}/no-such-run`).expect(404);
    await owner.get(`${ORGANIZATION}/${id}`).expect(404);
    await member.post(ORGANIZATION).send().expect(403);
    await member.get(`${ORGANIZATION}/${id}`).expect(403);
    await owner.get(`${ORGANIZATION}/no-such-run`).expect(404);
  });

  it('runs for every member and owner of the organization, one at a time, and names who is still not compliant', async () => {
    const { client: owner } = await registerOrg(app.url, 'org-owner@example.com', 'Policy Org');
    const ownerMe = await meOf(owner);
    const [ready, slow, phoneless, viewer] = [
      await invited(app, owner, 'ready@example.com', 'member'),
      await invited(app, owner, 'slow@example.com', 'member'),
      await invited(app, owner, 'phoneless@example.com', 'member'),
      await invited(app, owner, 'watcher@example.com', 'viewer'),
    ];
    const voice = await addItem(owner, 'HIGH', 'voice', 'PT1M');
    await addItem(owner, 'HIGH', 'email', 'PT5M');
    const ownerPhone = await addPhone(owner);
    for (const [client, type, destination, delay] of [
      [owner, 'voice', { type: 'phone', value: ownerPhone }, 'PT1M'],
      [owner, 'email', { type: 'email', value: ownerMe.email }, 'PT0S'],
      [ready, 'email', { type: 'email', value: 'ready@example.com' }, 'PT5M'],
      [slow, 'email', { type: 'email', value: 'slow@example.com' }, 'PT1H'],
    ] as const) {
      await client
        .post(SETTINGS)
        .send({ notification_type: type, destination, delay, notification_priority: 'HIGH' })
        .expect(201);
    }
    await addPhone(ready);
    await addPhone(slow);
    const phonelessMe = await meOf(phoneless);

    const socket = await notices(owner);
    const id = (await owner.post(ORGANIZATION).send().expect(202)).body.data.id;
    const result = {
      users_total: 4,
      users_compliant_before: 1,
      users_brought_into_compliance: 2,
      users_not_compliant: [
        {
          user_id: phonelessMe.id,
          name: 'Person phoneless',
          email: 'phoneless@example.com',
          reasons: ['No suitable destinations available for voice'],
        },
      ],
      updated: 1,
      created: 3,
    };
    expect(await socket.finishedOf(id)).toEqual({ id, scope: 'organization', status: 'completed', result });
    expect(socket.progressOf(id)).toEqual([0, 1, 2, 3, 4].map((done) => ({ done, total: 4, scope: 'organization' })));
    expect((await owner.get(`${ORGANIZATION}/${id}`).expect(200)).body).toEqual({
      data: { id, status: 'completed', progress: { done: 4, total: 4 }, result },
    });

    expect((await compliance(ready)).compliant).toBe(true);
    expect((await compliance(slow)).compliant).toBe(true);
    expect(await compliance(phoneless)).toMatchObject({
      compliant: false,
      unmet: [expect.objectContaining({ notification_policy_item_id: voice })],
    });
    expect((await viewer.get(SETTINGS).expect(200)).body.data).toEqual([]);
    // another organization's owner, and the demo organization, know nothing of it
    await (await signInAs(app.url, 'owner')).get(`${ORGANIZATION}/${id}`).expect(404);
  });

  it('takes no body: a field sent is named, and no run starts', async () => {
    const [owner, member] = await Promise.all([signInAs(app.url, 'owner'), signInAs(app.url, 'member')]);
    for (const [client, path, seed] of [
      [member, PERSONAL, 'match-and-update'],
      [owner, ORGANIZATION, 'organization-match-and-update'],
    ] as const) {
      const key = `with-body-${randomUUID()}`;
      const refused = await client
        .post(path)
        .set('Idempotency-Key', key)
        .send({ dry_run: true, user_id: 'someone' })
        .expect(400);
      expect(refused.body).toEqual({
        error: 'invalid',
        message: 'Invalid request: property dry_run should not exist',
        fields: { dry_run: ['property dry_run should not exist'], user_id: ['property user_id should not exist'] },
      });
      // the run that key would have started (its id derives from the key scoped to the caller) does not exist
      const { id: userId } = await meOf(client);
      await client.get(`${path}/${deterministicId(`${scopedCommandId('org-demo', userId, key)}/${seed}`)}`).expect(404);
    }
  });
}

describe('match & update all (in-process jobs)', () => matchAndUpdateSuite('memory', () => ({})));

// one namespace per run, so parallel runs and leftovers never meet
const prefix = `tocsin-test-${randomUUID().slice(0, 8)}`;

describeWhen(
  redisReachable(),
  'match & update all (BullMQ jobs, Socket.IO over Redis)',
  `Redis is not reachable at ${REDIS_URL}`,
  () => {
    afterAll(async () => {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });
    matchAndUpdateSuite('bullmq', () => ({ REDIS_URL, BULLMQ_PREFIX: prefix }));

    describe('in a worker process of its own (APP_ROLE=worker beside APP_ROLE=api)', () => {
      let api: TestApp;
      let worker: { child: ChildProcess; metricsPort: number } | undefined;
      let socket: RunNotices | undefined;
      const env = () => ({ REDIS_URL, BULLMQ_PREFIX: `${prefix}-split`, SIMPLE_PHONE_VERIFICATION: 'true' });

      beforeAll(async () => {
        api = await startApp({ env: { ...env(), APP_ROLE: 'api' } });
      });
      afterAll(async () => {
        socket?.close();
        if (worker) await stopWorker(worker.child);
        await api?.close();
      });

      it('runs the job queued by the api, issuing its commands to the shared log and pushing through Redis', async () => {
        const [owner, member] = await Promise.all([signInAs(api.url, 'owner'), signInAs(api.url, 'member')]);
        await addItem(owner, 'MEDIUM', 'email', 'PT10M');
        socket = await RunNotices.open(api, member);
        const id = (await member.post(PERSONAL).send().expect(202)).body.data.id;
        // the api process runs no jobs: the run waits for a worker
        expect((await member.get(`${PERSONAL}/${id}`).expect(200)).body.data).toEqual({
          id,
          status: 'queued',
          progress: { done: 0, total: 0 },
        });

        worker = await startWorker({ ...env(), DATA_DIR: api.dataDir });
        expect(await socket.finishedOf(id)).toEqual({
          id,
          scope: 'user',
          status: 'completed',
          result: { updated: 0, created: 1, failed: [], unsatisfiable: [] },
        });
        // the api folds the worker's events from the shared log on its own
        await until(async () => (await compliance(member)).compliant === true);
        expect((await member.get(SETTINGS).expect(200)).body.data).toEqual([
          expect.objectContaining({
            notification_type: expect.objectContaining({ value: 'email' }),
            delay: 'PT10M',
            notification_priority: 'MEDIUM',
          }),
        ]);
      });

      it('serves its own /metrics on METRICS_PORT (it has no other HTTP), to this machine', async () => {
        expect(worker).toBeDefined();
        const response = await fetch(`http://127.0.0.1:${worker!.metricsPort}/metrics`);
        expect(response.status).toBe(200);
        const text = await response.text();
        expect(text).toMatch(/^tocsin_jobs\{queue="[^"]+",state="completed"\} [1-9]/m);
        expect(text).toContain('tocsin_event_log_append_duration_seconds_count');
      });
    });
  },
  /* requiredInCi */ true,
);
