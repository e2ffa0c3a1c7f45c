import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@tocsin/platform';
import {
  alertPath,
  eventSourcePath,
  HISTORY_API,
  SELF_TEST_API,
  type SelfTestRequest,
  type SelfTestResponse,
} from '@tocsin/contracts';
import request from 'supertest';
import { eventually } from '../support/eventually';
import { freePort, hasPrometheus, promtool } from '../support/metrics';
import { RecordingServer } from '../support/recording-server';
import { LocalSmtpServer } from '../support/smtp-server';
import { signInAs, type Client } from '../support/session';
import { startApp, type TestApp } from '../support/app';
import { DEMO_ORG, demoUserId, type RecordingGateway, saveSetting, savePhone, startPagingApp } from '../support/paging';
import { JOB_QUEUE, type JobQueue } from '../../apps/api/src/runtime/ports';
import { SELF_TEST_QUEUE } from '../../apps/api/src/signals/self-test/self-test-rounds';
import { createTeam } from './signals-ingest.support';

const MINUTE = 60_000;
const owner = demoUserId('owner');
/** The test member: one contact method, the test mailbox. */
const member = demoUserId('member');
const MAILBOX = 'self-test@example.com';

/** A team whose escalation policy pages the test member. */
async function testRouting(client: Client, name: string): Promise<{ team_id: string; escalation_policy_id: string }> {
  const team_id = await createTeam(client, name);
  const policy = await client
    .post(`/api/v1/teams/${team_id}/escalation_policies`)
    .send({ name: `${name} test pages`, steps: [{ timeout: 'PT10M', targets: [{ type: 'user', id: member }] }] })
    .expect(201);
  return { team_id, escalation_policy_id: policy.body.data.id as string };
}

/**
 * The end-to-end self-test (issue 22's done-when: "the self-test detects a channel that stopped delivering within
 * one interval"): each round posts an alert to the self-test's own event source over HTTP, the routing sends it to
 * a policy that pages a test member whose one contact method is a mailbox on a local SMTP server; the outside
 * heartbeat is a local recording server; rounds driven by a manual clock. The owners' own notices go to the SMS
 * gateway, a channel apart from the one tested.
 */
describe('the end-to-end self-test', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let heartbeat: RecordingServer;
  let smtp: LocalSmtpServer;
  let ownerClient: Client;
  let routing: { team_id: string; escalation_policy_id: string };
  const clock = new ManualClock(Math.ceil(Date.now() / MINUTE) * MINUTE + 1000);

  const show = async () => ((await ownerClient.get(SELF_TEST_API).expect(200)).body as SelfTestResponse).data;
  const ownerTold = () => gateway.received.filter((p) => p.message.text.includes('the self-test failed'));
  const settings = (): SelfTestRequest => ({
    enabled: true,
    interval: 'PT1M',
    ...routing,
    heartbeat_url: `${heartbeat.url}/ping/heartbeat-secret`,
  });
  const alertOf = async (id: string) => (await ownerClient.get(alertPath(id)).expect(200)).body.data;
  const nextRound = async (count: number) => {
    await clock.advance(MINUTE);
    await eventually(async () => (await show()).rounds.length === count);
    return (await show()).rounds[0];
  };

  beforeAll(async () => {
    heartbeat = await RecordingServer.start();
    smtp = await LocalSmtpServer.start();
    const port = String(await freePort());
    ({ app, gateway, close } = await startPagingApp({
      clock,
      env: (g) => ({ ...g.env, SMTP_URL: smtp.url, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` }),
    }));
    await savePhone(app.app, owner, 'sms', '+15550000001');
    await saveSetting(app.app, DEMO_ORG, member, { notification_type: 'email', value: MAILBOX, delay: 'PT0S' });
    ownerClient = await signInAs(app.url, 'owner');
    routing = await testRouting(ownerClient, 'Self-test');
  });
  afterAll(async () => {
    await close();
    await heartbeat.close();
    await smtp.close();
  });

  it('starts unset; set, it makes its own event source routed to the chosen policy, and shows no secret', async () => {
    expect(await show()).toEqual({ settings: null, last_success: null, last_failure: null, rounds: [] });
    const { body } = await ownerClient.put(SELF_TEST_API).send(settings()).expect(200);
    const data = (body as SelfTestResponse).data;
    expect(data.settings).toMatchObject({
      enabled: true,
      interval: 'PT1M',
      ...routing,
      source: { id: expect.any(String), name: 'Tocsin self-test' },
    });
    expect(JSON.stringify(body)).not.toContain('heartbeat-secret');
    const source = (await ownerClient.get(eventSourcePath(data.settings!.source!.id)).expect(200)).body.data;
    expect(source).toMatchObject({ name: 'Tocsin self-test', format: 'generic', ...routing });
    // the log keeps the token and the heartbeat URL sealed, and the history shows not even that
    const history = await ownerClient.get(HISTORY_API).query({ stream_prefix: 'selfTest-' }).expect(200);
    const configured = history.body.data.find((e: { type: string }) => e.type === 'SelfTestConfigured');
    expect(configured.data.ingestToken).toBe('[redacted]');
    expect(configured.data.heartbeatUrl).toEqual({ sealed: '[redacted]', hint: expect.stringContaining('…cret') });
    expect(JSON.stringify(history.body)).not.toContain('heartbeat-secret');
  });

  it('a round goes through the ingest URL, the routing and the policy to the mailbox, then calls the heartbeat and resolves', async () => {
    const round = await nextRound(1);
    expect(round).toMatchObject({
      outcome: 'delivered',
      channel: 'email',
      reason: null,
      heartbeat: { called: true, status: 200, error: null },
    });
    expect(round.round_trip_ms).toEqual(expect.any(Number));
    expect((await show()).last_success?.id).toBe(round.id);
    expect(smtp.to(MAILBOX)).toHaveLength(1);
    expect(smtp.to(MAILBOX)[0].raw).toContain('Tocsin self-test round');
    expect(heartbeat.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/ping/heartbeat-secret']]);
    // a real alert of the self-test's source, labelled as the test's, resolved by the round
    await eventually(async () => (await alertOf(round.alert_id!)).status === 'resolved');
    const alert = await alertOf(round.alert_id!);
    expect(alert).toMatchObject({ labels: { tocsin: 'self-test' } });
    expect(alert.source_id).toBe((await show()).settings?.source?.id);
  });

  it('detects a destination that stopped delivering within one interval: failed, no heartbeat, owners told once', async () => {
    smtp.refuse.set(MAILBOX, 550);
    const round = await nextRound(2);
    expect(round).toMatchObject({
      outcome: 'failed',
      delivered_at: null,
      channel: 'email',
      heartbeat: { called: false, status: null, error: null },
    });
    expect(round.reason).toMatch(/^email: .*550/);
    expect((await show()).last_failure?.id).toBe(round.id);
    expect(heartbeat.requests).toHaveLength(1);
    await eventually(() => ownerTold().length === 1);
    expect(ownerTold()[0].address).toBe('+15550000001');
    // the failed round's alert is resolved too
    await eventually(async () => (await alertOf(round.alert_id!)).status === 'resolved');

    // still failing: counted, not told again
    expect((await nextRound(3)).outcome).toBe('failed');
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
    smtp.refuse.delete(MAILBOX);
    expect((await nextRound(4)).outcome).toBe('delivered');
    expect(heartbeat.requests).toHaveLength(2);
    smtp.refuse.set(MAILBOX, 550);
    await nextRound(5);
    await eventually(() => ownerTold().length === 2);
    smtp.refuse.delete(MAILBOX);
  });

  it('a policy that pages nobody reachable fails the round at the end of the interval', async () => {
    const silent = await createTeam(ownerClient, 'Nobody');
    const policy = await ownerClient
      .post(`/api/v1/teams/${silent}/escalation_policies`)
      .send({ name: 'Empty team', steps: [{ timeout: 'PT10M', targets: [{ type: 'team', id: silent }] }] })
      .expect(201);
    await ownerClient
      .put(SELF_TEST_API)
      .send({ ...settings(), team_id: silent, escalation_policy_id: policy.body.data.id })
      .expect(200);
    // the same source, routed elsewhere
    const sourceId = (await show()).settings!.source!.id;
    expect((await ownerClient.get(eventSourcePath(sourceId)).expect(200)).body.data).toMatchObject({
      team_id: silent,
      escalation_policy_id: policy.body.data.id,
    });
    const noPage = async () => (await show()).rounds.find((r) => r.reason === 'no page was sent within PT1M');
    await clock.advance(MINUTE); // the round starts: its alert pages nobody
    await clock.advance(MINUTE); // its interval is over (the next round starts, routed the same)
    await eventually(async () => (await noPage()) !== undefined);
    expect(await noPage()).toMatchObject({ outcome: 'failed', channel: null, heartbeat: { called: false } });
    expect((await show()).rounds).toHaveLength(6);
    // routed back to the mailbox: the round in flight ends failed with its interval, the next one delivers
    await ownerClient.put(SELF_TEST_API).send(settings()).expect(200);
    await clock.advance(MINUTE);
    await eventually(async () => (await show()).rounds.length === 8);
    expect((await show()).rounds.map((r) => r.outcome).sort()).toContain('delivered');
    expect((await show()).last_success?.started_at).toBe(
      new Date(Math.floor(clock.now() / MINUTE) * MINUTE).toISOString(),
    );
  });

  it('a token rotated from the source page fails the rounds until the settings are saved again', async () => {
    const sourceId = (await show()).settings!.source!.id;
    await ownerClient
      .post(`${eventSourcePath(sourceId)}/rotate_token`)
      .send({})
      .expect(201);
    const count = (await show()).rounds.length;
    const refused = await nextRound(count + 1);
    expect(refused).toMatchObject({ outcome: 'failed', alert_id: null, channel: null });
    expect(refused.reason).toMatch(/^the ingest answered 404: No event source has this ingest URL/);
    // saving again gives the source a new token, and the self-test keeps it
    await ownerClient.put(SELF_TEST_API).send(settings()).expect(200);
    expect((await show()).settings?.source?.id).toBe(sourceId);
    expect((await nextRound(count + 2)).outcome).toBe('delivered');
  });

  it('stops when turned off: the round due next finds it off and records nothing; the source is kept', async () => {
    // the heartbeat URL left out is kept (it is only ever shown as a hint)
    const { heartbeat_url: _kept, ...rest } = settings();
    const kept = (
      await ownerClient
        .put(SELF_TEST_API)
        .send({ ...rest, enabled: false })
        .expect(200)
    ).body as SelfTestResponse;
    expect(kept.data.settings).toMatchObject({
      heartbeat_url_hint: expect.stringMatching(/^127\.0\.0\.1:\d+ …cret$/),
      source: { name: 'Tocsin self-test' },
    });
    const before = (await show()).rounds.length;
    const mails = smtp.received.length;
    const next = Math.floor(clock.now() / MINUTE) * MINUTE + MINUTE;
    const jobs = app.app.get<JobQueue>(JOB_QUEUE);
    await clock.advance(MINUTE);
    await eventually(async () => (await jobs.get(SELF_TEST_QUEUE, `round/${DEMO_ORG}/${next}`))?.state === 'completed');
    expect((await jobs.get(SELF_TEST_QUEUE, `round/${DEMO_ORG}/${next}`))?.result).toEqual({ status: 'off' });
    expect((await show()).rounds).toHaveLength(before);
    expect(smtp.received.length).toBe(mails);
    // and no round after it was chained
    expect(await jobs.get(SELF_TEST_QUEUE, `round/${DEMO_ORG}/${next + MINUTE}`)).toBeNull();
  });

  it('refuses bad input with field messages, and writes nothing', async () => {
    const before = await show();
    const { body } = await ownerClient
      .put(SELF_TEST_API)
      .send({ enabled: 'yes', interval: 'PT30S', team_id: 42, escalation_policy_id: {}, heartbeat_url: 'ftp://x' })
      .expect(400);
    expect(Object.keys(body.fields).sort()).toEqual([
      'enabled',
      'escalation_policy_id',
      'heartbeat_url',
      'interval',
      'team_id',
    ]);
    await ownerClient
      .put(SELF_TEST_API)
      .send({ ...settings(), interval: 'PT25H' })
      .expect(400);
    const unknownTeam = await ownerClient
      .put(SELF_TEST_API)
      .send({ ...settings(), team_id: 'no-such-team' })
      .expect(400);
    expect(unknownTeam.body.fields).toEqual({ team_id: ['team_id must be a team of the organization'] });
    // a policy of another team of the organization
    const other = await testRouting(ownerClient, 'Elsewhere');
    const mismatched = await ownerClient
      .put(SELF_TEST_API)
      .send({ ...settings(), escalation_policy_id: other.escalation_policy_id })
      .expect(400);
    expect(mismatched.body.fields).toEqual({
      escalation_policy_id: ["escalation_policy_id must be an escalation policy of the self-test's team"],
    });
    expect(await show()).toEqual(before);
  });

  it('is for owners: members cannot read or set it (another organization: tenant-isolation.test.ts)', async () => {
    const memberClient = await signInAs(app.url, 'member');
    await memberClient.get(SELF_TEST_API).expect(403);
    await memberClient
      .put(SELF_TEST_API)
      .send({ ...settings(), interval: 'PT7M' })
      .expect(403);
    await request(app.url).get(SELF_TEST_API).expect(401);
    // what a member's refused PUT would have set was not kept
    expect((await show()).settings).toMatchObject({ interval: 'PT1M', enabled: false });
  });
});

/** Without CHANNELS_ALLOW_PRIVATE_ADDRESSES (production): an owner cannot point the heartbeat into Tocsin's network. */
describe('the self-test behind the egress guard', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ env: { CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'false' } });
  });
  afterAll(() => app.close());

  it.each(['http://127.0.0.1:9/ping', 'http://169.254.169.254/latest/meta-data/'])(
    'refuses a heartbeat_url to a private address (%s)',
    async (heartbeat_url) => {
      const owner = await signInAs(app.url, 'owner');
      const routing = await testRouting(owner, `Guarded ${heartbeat_url.length}`);
      const { body } = await owner
        .put(SELF_TEST_API)
        .send({ enabled: true, interval: 'PT5M', ...routing, heartbeat_url })
        .expect(400);
      expect(body.fields).toEqual({ heartbeat_url: [expect.stringMatching(/cannot be called: .*private address/)] });
      expect((await owner.get(SELF_TEST_API).expect(200)).body.data.settings).toBeNull();
    },
  );
});

/**
 * The in-process queue's jobs die with the process: at start the rounds of every organization with the self-test on
 * are chained again from the view (with BullMQ the jobs outlive it, and the ids are the same), so a restart does
 * not silence the switch.
 */
describe('the self-test across a restart', () => {
  it('chains the rounds again at start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tocsin-self-test-'));
    const smtp = await LocalSmtpServer.start();
    const clock = new ManualClock(Math.ceil(Date.now() / MINUTE) * MINUTE + 1000);
    const port = String(await freePort());
    const env = {
      CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true',
      SMTP_URL: smtp.url,
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    let app: TestApp | null = await startApp({ clock, dataDir, env });
    try {
      await saveSetting(app.app, DEMO_ORG, member, { notification_type: 'email', value: MAILBOX, delay: 'PT0S' });
      const owner = await signInAs(app.url, 'owner');
      const routing = await testRouting(owner, 'Restarted');
      await owner
        .put(SELF_TEST_API)
        .send({ enabled: true, interval: 'PT1M', ...routing })
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
      await eventually(() => smtp.to(MAILBOX).length === 1);
      const again = await signInAs(app.url, 'owner');
      await eventually(
        async () =>
          ((await again.get(SELF_TEST_API).expect(200)).body as SelfTestResponse).data.rounds[0]?.outcome ===
          'delivered',
      );
    } finally {
      await app?.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
