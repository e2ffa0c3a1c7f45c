import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@tocsin/platform';
import { HISTORY_API, SELF_TEST_API, type SelfTestResponse } from '@tocsin/contracts';
import request from 'supertest';
import { eventually } from '../support/eventually';
import { hasPrometheus, promtool } from '../support/metrics';
import { RecordingServer } from '../support/recording-server';
import { LocalSmtpServer } from '../support/smtp-server';
import { signInAs, type Client } from '../support/session';
import { startApp, type TestApp } from '../support/app';
import { DEMO_ORG, demoUserId, type RecordingGateway, savePhone, startPagingApp } from '../support/paging';
import { JOB_QUEUE, type JobQueue } from '../../apps/api/src/runtime/ports';
import { SELF_TEST_QUEUE } from '../../apps/api/src/signals/self-test/self-test-rounds';

const MINUTE = 60_000;
const owner = demoUserId('owner');

/**
 * The end-to-end self-test (issue 22's done-when: "the self-test detects a channel that stopped delivering within
 * one interval"): a Slack-style test destination and an outside heartbeat, both local recording servers, rounds
 * driven by a manual clock. The owners' own pages go to the SMS gateway, a channel apart from the one tested.
 */
describe('the end-to-end self-test', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let destination: RecordingServer;
  let heartbeat: RecordingServer;
  let smtp: LocalSmtpServer;
  let ownerClient: Client;
  const clock = new ManualClock(Math.ceil(Date.now() / MINUTE) * MINUTE + 1000);

  const show = async () => ((await ownerClient.get(SELF_TEST_API).expect(200)).body as SelfTestResponse).data;
  const ownerTold = () => gateway.received.filter((p) => p.message.text.includes('the self-test failed'));
  const settings = () => ({
    enabled: true,
    interval: 'PT1M',
    channel: 'slack',
    destination: `${destination.url}/services/T000/B000/secret-token`,
    heartbeat_url: `${heartbeat.url}/ping/heartbeat-secret`,
  });

  beforeAll(async () => {
    destination = await RecordingServer.start();
    heartbeat = await RecordingServer.start();
    smtp = await LocalSmtpServer.start();
    ({ app, gateway, close } = await startPagingApp({ clock, env: (g) => ({ ...g.env, SMTP_URL: smtp.url }) }));
    await savePhone(app.app, owner, 'sms', '+15550000001');
    ownerClient = await signInAs(app.url, 'owner');
  });
  afterAll(async () => {
    await close();
    await destination.close();
    await heartbeat.close();
    await smtp.close();
  });

  it('starts unset, and keeps the addresses as hints only', async () => {
    expect(await show()).toEqual({ settings: null, last_success: null, last_failure: null, rounds: [] });
    const { body } = await ownerClient.put(SELF_TEST_API).send(settings()).expect(200);
    expect(body.data.settings).toMatchObject({ enabled: true, interval: 'PT1M', channel: 'slack' });
    expect(body.data.settings.destination_hint).toMatch(/^127\.0\.0\.1:\d+ …oken$/);
    expect(JSON.stringify(body)).not.toContain('secret-token');
    expect(JSON.stringify(body)).not.toContain('heartbeat-secret');
    // the log keeps them sealed, and the history shows not even that
    const history = await ownerClient.get(HISTORY_API).query({ stream_prefix: 'selfTest-' }).expect(200);
    const configured = history.body.data.find((e: { type: string }) => e.type === 'SelfTestConfigured');
    expect(configured.data.destination).toEqual({ sealed: '[redacted]', hint: expect.stringContaining('…oken') });
    expect(JSON.stringify(history.body)).not.toContain('secret-token');
    expect(JSON.stringify(history.body)).not.toContain('heartbeat-secret');
  });

  it('delivers a round through the channel, then calls the heartbeat', async () => {
    await clock.advance(MINUTE);
    await eventually(async () => (await show()).rounds.length === 1);
    const data = await show();
    expect(data.rounds[0]).toMatchObject({
      outcome: 'delivered',
      channel: 'slack',
      reason: null,
      heartbeat: { called: true, status: 200, error: null },
    });
    expect(data.rounds[0].round_trip_ms).toEqual(expect.any(Number));
    expect(data.last_success?.id).toBe(data.rounds[0].id);
    expect(destination.requests.map((r) => r.path)).toEqual(['/services/T000/B000/secret-token']);
    expect(destination.requests[0].body).toContain('self-test');
    expect(heartbeat.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/ping/heartbeat-secret']]);
  });

  it('detects a destination that stopped delivering within one interval: failed, no heartbeat, owners told once', async () => {
    destination.on(() => ({ status: 500, body: 'down' }));
    await clock.advance(MINUTE);
    await eventually(async () => (await show()).rounds.length === 2);
    const data = await show();
    expect(data.rounds[0]).toMatchObject({
      outcome: 'failed',
      delivered_at: null,
      heartbeat: { called: false, status: null, error: null },
    });
    expect(data.rounds[0].reason).toContain('500');
    expect(data.last_failure?.id).toBe(data.rounds[0].id);
    expect(heartbeat.requests).toHaveLength(1);
    await eventually(() => ownerTold().length === 1);
    expect(ownerTold()[0].address).toBe('+15550000001');

    // still failing: counted, not told again
    await clock.advance(MINUTE);
    await eventually(async () => (await show()).rounds.length === 3);
    expect((await show()).rounds[0].outcome).toBe('failed');
    expect(ownerTold()).toHaveLength(1);
    expect(heartbeat.requests).toHaveLength(1);
    const scraped = (await request(app.url).get('/metrics').expect(200)).text;
    expect(scraped).toContain('tocsin_self_test_rounds_total{outcome="failed"} 2');
    expect(scraped).toContain('tocsin_self_test_rounds_total{outcome="delivered"} 1');
    expect(scraped).toMatch(/tocsin_self_test_last_success_timestamp_seconds \d+/);
    expect(scraped).not.toContain('org-demo');
    if (hasPrometheus) expect(await promtool(['check', 'metrics'], scraped)).toEqual({ code: 0, output: '' });
  });

  it('recovers: the next delivered round calls the heartbeat again, and a new streak is told again', async () => {
    destination.on(() => ({ status: 200, body: 'ok' }));
    await clock.advance(MINUTE);
    await eventually(async () => (await show()).rounds.length === 4);
    expect((await show()).rounds[0].outcome).toBe('delivered');
    expect(heartbeat.requests).toHaveLength(2);
    destination.on(() => ({ status: 500, body: 'down again' }));
    await clock.advance(MINUTE);
    await eventually(() => ownerTold().length === 2);
  });

  it('pages an email destination through SMTP, and detects a mail server that refuses it', async () => {
    const address = 'self-test@example.com';
    await ownerClient
      .put(SELF_TEST_API)
      .send({ ...settings(), channel: 'email', destination: address })
      .expect(200);
    const rounds = (await show()).rounds.length;
    const beats = heartbeat.requests.length;
    await clock.advance(MINUTE);
    await eventually(async () => (await show()).rounds.length === rounds + 1);
    expect((await show()).rounds[0]).toMatchObject({ outcome: 'delivered', channel: 'email' });
    expect(smtp.to(address)).toHaveLength(1);
    expect(smtp.to(address)[0].raw).toContain('Tocsin self-test round');
    expect(heartbeat.requests).toHaveLength(beats + 1);

    smtp.refuse.set(address, 550);
    const told = ownerTold().length;
    await clock.advance(MINUTE);
    await eventually(async () => (await show()).rounds.length === rounds + 2);
    expect((await show()).rounds[0]).toMatchObject({ outcome: 'failed', channel: 'email' });
    expect((await show()).rounds[0].reason).toContain('550');
    expect(heartbeat.requests).toHaveLength(beats + 1);
    await eventually(() => ownerTold().length === told + 1);
  });

  it('stops when turned off: the round due next finds it off and records nothing', async () => {
    // the addresses left out are kept (they are only ever shown as hints)
    const kept = (
      await ownerClient.put(SELF_TEST_API).send({ enabled: false, interval: 'PT1M', channel: 'email' }).expect(200)
    ).body as SelfTestResponse;
    expect(kept.data.settings).toMatchObject({
      destination_hint: 'self-test@example.com',
      heartbeat_url_hint: expect.stringMatching(/^127\.0\.0\.1:\d+ …cret$/),
    });
    const before = (await show()).rounds.length;
    const calls = destination.requests.length + smtp.received.length;
    const next = Math.floor(clock.now() / MINUTE) * MINUTE + MINUTE;
    const jobs = app.app.get<JobQueue>(JOB_QUEUE);
    await clock.advance(MINUTE);
    await eventually(async () => (await jobs.get(SELF_TEST_QUEUE, `round/${DEMO_ORG}/${next}`))?.state === 'completed');
    expect((await jobs.get(SELF_TEST_QUEUE, `round/${DEMO_ORG}/${next}`))?.result).toEqual({ status: 'off' });
    expect((await show()).rounds).toHaveLength(before);
    expect(destination.requests.length + smtp.received.length).toBe(calls);
    // and no round after it was chained
    expect(await jobs.get(SELF_TEST_QUEUE, `round/${DEMO_ORG}/${next + MINUTE}`)).toBeNull();
  });

  it('refuses bad input with field messages, and writes nothing', async () => {
    const before = await show();
    const { body } = await ownerClient
      .put(SELF_TEST_API)
      .send({ enabled: 'yes', interval: 'PT30S', channel: '__proto__', destination: 42, heartbeat_url: 'ftp://x' })
      .expect(400);
    expect(Object.keys(body.fields).sort()).toEqual(['channel', 'destination', 'enabled', 'heartbeat_url', 'interval']);
    await ownerClient
      .put(SELF_TEST_API)
      .send({ ...settings(), interval: 'PT25H' })
      .expect(400);
    const email = await ownerClient
      .put(SELF_TEST_API)
      .send({ ...settings(), channel: 'email', destination: 'not an address' })
      .expect(400);
    expect(email.body.fields).toEqual({ destination: ['destination must be a valid email'] });
    // another channel needs its own destination
    const moved = await ownerClient
      .put(SELF_TEST_API)
      .send({ enabled: true, interval: 'PT5M', channel: 'slack' })
      .expect(400);
    expect(moved.body.fields).toEqual({ destination: ['destination is a required field'] });
    expect(await show()).toEqual(before);
  });

  it('is for owners: members cannot read or set it (another organization: tenant-isolation.test.ts)', async () => {
    const member = await signInAs(app.url, 'member');
    await member.get(SELF_TEST_API).expect(403);
    await member
      .put(SELF_TEST_API)
      .send({ ...settings(), interval: 'PT7M' })
      .expect(403);
    await request(app.url).get(SELF_TEST_API).expect(401);
    // what a member's refused PUT would have set was not kept
    expect((await show()).settings).toMatchObject({ interval: 'PT1M', enabled: false });
  });
});

/** Without CHANNELS_ALLOW_PRIVATE_ADDRESSES (production): an owner cannot point Tocsin into its own network. */
describe('the self-test behind the egress guard', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ env: { CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'false' } });
  });
  afterAll(() => app.close());

  it.each([
    ['heartbeat_url', { heartbeat_url: 'http://127.0.0.1:9/ping' }],
    ['heartbeat_url', { heartbeat_url: 'http://169.254.169.254/latest/meta-data/' }],
    ['destination', { destination: 'https://10.0.0.8/services/T/B/x' }],
  ])('refuses a %s to a private address', async (field, change) => {
    const owner = await signInAs(app.url, 'owner');
    const { body } = await owner
      .put(SELF_TEST_API)
      .send({
        enabled: true,
        interval: 'PT5M',
        channel: 'slack',
        destination: 'https://hooks.example.com/x',
        ...change,
      })
      .expect(400);
    expect(body.fields[field][0]).toMatch(/cannot be called: .*private address/);
    expect((await owner.get(SELF_TEST_API).expect(200)).body.data.settings).toBeNull();
  });
});

/**
 * The in-process queue's jobs die with the process: at start the rounds of every organization with the self-test on
 * are chained again from the view (with BullMQ the jobs outlive it, and the ids are the same), so a restart does
 * not silence the switch.
 */
describe('the self-test across a restart', () => {
  it('chains the rounds again at start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tocsin-self-test-'));
    const receiver = await RecordingServer.start();
    const clock = new ManualClock(Math.ceil(Date.now() / MINUTE) * MINUTE + 1000);
    const env = { CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true' };
    let app: TestApp | null = await startApp({ clock, dataDir, env });
    try {
      const owner = await signInAs(app.url, 'owner');
      await owner
        .put(SELF_TEST_API)
        .send({ enabled: true, interval: 'PT1M', channel: 'slack', destination: `${receiver.url}/hook` })
        .expect(200);
      await app.close();
      app = null;

      await clock.advance(3 * MINUTE);
      app = await startApp({ clock, dataDir, env });
      const next = Math.floor(clock.now() / MINUTE) * MINUTE + MINUTE;
      const started = app;
      await eventually(
        async () => (await started.runtime.infra.jobs.get(SELF_TEST_QUEUE, `round/${DEMO_ORG}/${next}`)) !== null,
      );
      await clock.advance(MINUTE);
      await eventually(() => receiver.requests.length === 1);
      const again = await signInAs(app.url, 'owner');
      await eventually(
        async () =>
          ((await again.get(SELF_TEST_API).expect(200)).body as SelfTestResponse).data.rounds[0]?.outcome ===
          'delivered',
      );
    } finally {
      await app?.close();
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
