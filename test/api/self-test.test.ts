import { ManualClock } from '@tocsin/platform';
import { SELF_TEST_API, type SelfTestResponse } from '@tocsin/contracts';
import request from 'supertest';
import { eventually } from '../support/eventually';
import { RecordingServer } from '../support/recording-server';
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';
import { startApp, type TestApp } from '../support/app';
import { demoUserId, type RecordingGateway, savePhone, startPagingApp } from '../support/paging';

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
    ({ app, gateway, close } = await startPagingApp({ clock }));
    await savePhone(app.app, owner, 'sms', '+15550000001');
    ownerClient = await signInAs(app.url, 'owner');
  });
  afterAll(async () => {
    await close();
    await destination.close();
    await heartbeat.close();
  });

  it('starts unset, and keeps the addresses as hints only', async () => {
    expect(await show()).toEqual({ settings: null, last_success: null, last_failure: null, rounds: [] });
    const { body } = await ownerClient.put(SELF_TEST_API).send(settings()).expect(200);
    expect(body.data.settings).toMatchObject({ enabled: true, interval: 'PT1M', channel: 'slack' });
    expect(body.data.settings.destination_hint).toMatch(/^127\.0\.0\.1:\d+ …oken$/);
    expect(JSON.stringify(body)).not.toContain('secret-token');
    expect(JSON.stringify(body)).not.toContain('heartbeat-secret');
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

  it('stops when turned off', async () => {
    await ownerClient
      .put(SELF_TEST_API)
      .send({ ...settings(), enabled: false })
      .expect(200);
    const before = (await show()).rounds.length;
    const calls = destination.requests.length;
    await clock.advance(MINUTE);
    await clock.advance(MINUTE);
    // a round turned off records nothing; give the queue a moment by asking the settings back
    await eventually(async () => (await show()).settings?.enabled === false);
    expect((await show()).rounds).toHaveLength(before);
    expect(destination.requests).toHaveLength(calls);
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
    expect(await show()).toEqual(before);
  });

  it('is for owners: members cannot read or set it, and another organization sees only its own', async () => {
    const member = await signInAs(app.url, 'member');
    await member.get(SELF_TEST_API).expect(403);
    await member.put(SELF_TEST_API).send(settings()).expect(403);
    await request(app.url).get(SELF_TEST_API).expect(401);
    const email = `pry-self-test-${Date.now()}@example.com`;
    const password = 'a long passphrase for the other owner 9';
    await signUp(app.url, { name: 'Prying Owner', email, password, organization_name: 'Pry' });
    const other = await signIn(app.url, email, password);
    const { body } = await other.get(SELF_TEST_API).expect(200);
    expect(body.data).toEqual({ settings: null, last_success: null, last_failure: null, rounds: [] });
    // setting its own changes nothing of the first organization's
    await other
      .put(SELF_TEST_API)
      .send({ enabled: false, interval: 'PT5M', channel: 'email', destination: 'pry@example.com' })
      .expect(200);
    expect((await show()).settings).toMatchObject({ channel: 'slack', interval: 'PT1M' });
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
