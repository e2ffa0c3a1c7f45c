import { ManualClock } from '@tocsin/platform';
import { alertPendingNotificationsPath, PAGING_AUDIT_API, type PagingAuditResponse } from '@tocsin/contracts';
import request from 'supertest';
import { PageProcessor } from '../../apps/api/src/signals/paging/page.processor';
import { PAGING_QUEUE, PROBE_JOB } from '../../apps/api/src/signals/paging/paging.jobs';
import { JOB_QUEUE, type JobQueue } from '../../apps/api/src/runtime/ports';
import { EscalationAuditor, OPERATOR_PAGE_GAP_MS } from '../../apps/api/src/signals/paging/escalation-auditor';
import { PAGING_OPEN_ALERTS } from '../../apps/api/src/signals/paging/paging.process-manager';
import { PagingPlanner } from '../../apps/api/src/signals/paging/paging.planner';
import { eventually } from '../support/eventually';
import { signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';
import { startApp, type TestApp } from '../support/app';
import {
  DEMO_ORG,
  demoUserId,
  policyOf,
  type RecordingGateway,
  savePhone,
  startPagingApp,
  triggerAlert,
} from '../support/paging';

const owner = demoUserId('owner');
const member = demoUserId('member');
const MINUTE = 60_000;
const OTHER_PASSWORD = 'a long passphrase for the other owner 7';

/** A worker stuck on every paging job (pages and the probe's no-op alike) until the returned function frees it. */
function stopPaging(app: TestApp): () => void {
  const processor = app.app.get(PageProcessor);
  const real = processor.process.bind(processor);
  let release: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (release = resolve));
  const spy = jest.spyOn(processor, 'process').mockImplementation(async (job) => {
    await stopped;
    return real(job);
  });
  return () => {
    spy.mockRestore();
    release();
  };
}

/**
 * The probes and the escalation auditor, with the paging worker stopped: every paging job (pages and the engine
 * probe's no-op alike) hangs until released, as a worker stuck on a provider or a lock would.
 */
describe('health probes and the escalation auditor', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let ownerClient: Client;
  const clock = new ManualClock(Date.now());
  let release: () => void = () => undefined;
  let alertId = '';

  const audit = async () => (await ownerClient.get(PAGING_AUDIT_API).expect(200)).body as PagingAuditResponse;
  const operatorPages = () =>
    gateway.received.filter((p) => p.address === '+15550000001' && p.message.text.includes('paging is stuck'));

  beforeAll(async () => {
    ({ app, gateway, close } = await startPagingApp({
      clock,
      env: (g) => ({ ...g.env, ENGINE_PROBE_TIMEOUT_MS: '800', AUDITOR_GRACE_MS: String(MINUTE) }),
    }));
    await savePhone(app.app, owner, 'sms', '+15550000001');
    await savePhone(app.app, member, 'sms', '+15550000002');
    await savePhone(app.app, member, 'voice', '+15550000002', 'PT30M');
    ownerClient = await signInAs(app.url, 'owner');
  });
  afterAll(async () => {
    release();
    await close();
  });

  it('answers liveness and readiness without a session, in terminus shape', async () => {
    const live = await request(app.url).get('/health/live').expect(200);
    expect(live.body).toMatchObject({ status: 'ok', info: { process: { status: 'up' } } });
    const ready = await request(app.url).get('/health/ready').expect(200);
    expect(ready.body).toMatchObject({
      status: 'ok',
      info: { event_store: { status: 'up' }, read_store: { status: 'up' }, redis: { status: 'up' } },
    });
    // verdicts only: no message that could name an address
    expect(JSON.stringify(ready.body)).not.toContain('reachable');
  });

  it('answers the engine probe once a paging job went through after the request', async () => {
    const { body } = await request(app.url).get('/health/engine').expect(200);
    expect(body).toMatchObject({ status: 'ok', info: { paging: { status: 'up' } } });
  });

  it('the engine probe needs no session, so many callers at once share its probe jobs (at most two queued)', async () => {
    const jobs = app.app.get<JobQueue>(JOB_QUEUE);
    // Probe jobs in the queue at each moment: added, until the probe's own cleanup cancels them. Counted rather
    // than the adds of the whole burst: 30 requests over HTTP do not all arrive within one probe on a busy
    // machine, and a request that comes after a probe ended rightly starts the next one.
    let inQueue = 0;
    let most = 0;
    let probes = 0;
    const add = jobs.add.bind(jobs);
    const cancel = jobs.cancel.bind(jobs);
    const added = jest.spyOn(jobs, 'add').mockImplementation(async (queue, name, ...rest) => {
      if (queue === PAGING_QUEUE && name === PROBE_JOB) {
        probes += 1;
        most = Math.max(most, ++inQueue);
      }
      return add(queue, name, ...rest);
    });
    const cancelled = jest.spyOn(jobs, 'cancel').mockImplementation(async (queue, id) => {
      if (queue === PAGING_QUEUE && id.startsWith('probe/')) inQueue -= 1;
      return cancel(queue, id);
    });
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, () => request(app.url).get('/health/engine')));
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      expect(probes).toBeGreaterThanOrEqual(1);
      expect(most).toBeLessThanOrEqual(2);
    } finally {
      added.mockRestore();
      cancelled.mockRestore();
    }
  });

  it('the engine probe names no address when the queue cannot be reached: anyone may ask it', async () => {
    const jobs = app.app.get<JobQueue>(JOB_QUEUE);
    const added = jest.spyOn(jobs, 'add').mockRejectedValue(new Error('connect ECONNREFUSED 10.20.30.40:6379'));
    try {
      const { body } = await request(app.url).get('/health/engine').expect(503);
      expect(body.message).toBe('down: paging (the paging queue is unreachable)');
      expect(JSON.stringify(body)).not.toContain('10.20.30.40');
    } finally {
      added.mockRestore();
    }
  });

  it('fails the engine probe while paging is stuck, pages the owners directly, and shows it on the ops page', async () => {
    const resume = stopPaging(app);
    release = resume;
    const engine = await request(app.url).get('/health/engine').expect(503);
    expect(engine.body).toMatchObject({
      error: 'unavailable',
      message: 'down: paging (no paging worker completed a job within 800 ms)',
      status: 'error',
      details: { paging: { status: 'down', message: 'no paging worker completed a job within 800 ms' } },
    });

    const policy = policyOf([{ timeoutMinutes: 60, targets: [{ type: 'user', id: member }] }]);
    ({ alertId } = await triggerAlert(app.app, {
      orgId: DEMO_ORG,
      policy,
      at: new Date(clock.now()).toISOString(),
    }));
    // within the grace nothing is late yet; the voice row, 30 minutes ahead, is pending
    await clock.advance(MINUTE);
    await eventually(async () => {
      const { data } = await audit();
      expect(data.findings).toEqual([]);
      expect(data.pending).toEqual([expect.objectContaining({ alert_id: alertId, user_id: member, channel: 'voice' })]);
      return true;
    });
    expect(operatorPages()).toHaveLength(0);

    await clock.advance(MINUTE);
    await eventually(() => operatorPages().length === 1);
    expect(operatorPages()[0].message.text).toContain(`a sms notification was due`);
    expect(operatorPages()[0].message.text).toContain(alertId);
    // the member was never paged: the stuck worker did not get to it
    expect(gateway.received.filter((p) => p.address === '+15550000002')).toHaveLength(0);
    const { data } = await audit();
    // the step's start and its page both went through the stuck queue
    expect(data.findings).toEqual([
      expect.objectContaining({ kind: 'step_overdue', alert_id: alertId, channel: null }),
      expect.objectContaining({ kind: 'notification_overdue', alert_id: alertId, channel: 'sms' }),
    ]);
    expect(data.findings[0].detail).toMatch(/^escalation step 1 was due .* and has not started$/);
    expect(data.operators.map((o) => o.id)).toEqual([owner]);
    expect(await app.app.get(EscalationAuditor).counts(DEMO_ORG)).toEqual({
      steps_overdue: 1,
      notifications_overdue: 1,
      notifications_unanswered: 0,
      notifications_pending: 1,
    });
    // and Prometheus reads the same (no alert or organization id in the labels)
    const scraped = (await request(app.url).get('/metrics').expect(200)).text;
    expect(scraped).toContain('tocsin_paging_audit_findings{kind="steps_overdue"} 1');
    expect(scraped).toContain('tocsin_paging_audit_findings{kind="notifications_overdue"} 1');
    expect(scraped).not.toContain(alertId);

    // found again on the next round: not paged again
    await clock.advance(MINUTE);
    await eventually(async () => (await audit()).data.checked_at !== data.checked_at);
    expect(operatorPages()).toHaveLength(1);

    // the worker moves again: the page goes out, the finding clears, the probe passes
    resume();
    await eventually(() => gateway.received.some((p) => p.address === '+15550000002'));
    await request(app.url).get('/health/engine').expect(200);
    await clock.advance(MINUTE);
    await eventually(async () => (await audit()).data.findings.length === 0);
  });

  it("lists an alert's pending notifications with their channel's readiness, to its organization only", async () => {
    const { body } = await ownerClient.get(alertPendingNotificationsPath(alertId)).expect(200);
    expect(body.data).toEqual([
      {
        alert_id: alertId,
        user_id: member,
        user_name: 'Demo Member',
        channel: 'voice',
        due_at: expect.any(String),
        channel_readiness: { kind: 'voice', adapter: 'gateway', configured: true, message: null },
      },
    ]);
    await ownerClient.get(alertPendingNotificationsPath('no-such-alert')).expect(404);
    const other = request.agent(app.url);
    await signUp(
      app.url,
      {
        name: 'Prying Owner',
        email: `pry-${Date.now()}@example.com`,
        password: OTHER_PASSWORD,
        organization_name: 'Pry',
      },
      other,
    );
    await other.get(alertPendingNotificationsPath(alertId)).expect(404);
  });

  it('says out loud which channels are not configured', async () => {
    const { data } = await audit();
    expect(data.channels).toEqual(
      expect.arrayContaining([
        { kind: 'sms', adapter: 'gateway', configured: true, message: null },
        {
          kind: 'email',
          adapter: 'dev',
          configured: false,
          message: 'no provider configured: its pages are kept in the dev mailbox and reach nobody',
        },
      ]),
    );
  });

  it('needs a session, and shows an organization only its own audit', async () => {
    await request(app.url).get(PAGING_AUDIT_API).expect(401);
    // the demo organization has a pending page; another organization's owner sees none of it
    expect((await audit()).data.pending.length).toBeGreaterThan(0);
    const other = request.agent(app.url);
    await signUp(
      app.url,
      {
        name: 'Other Owner',
        email: `other-${Date.now()}@example.com`,
        password: OTHER_PASSWORD,
        organization_name: 'Other',
      },
      other,
    );
    const { body } = await other.get(PAGING_AUDIT_API).expect(200);
    expect(body.data).toMatchObject({
      checked_at: null,
      findings: [],
      pending: [],
      operators: [{ name: 'Other Owner' }],
    });
    // a viewer reads alerts, so reads the audit too, but not who the owners are (that is read_users')
    const viewer = await signInAs(app.url, 'viewer');
    const seen = (await viewer.get(PAGING_AUDIT_API).expect(200)).body as PagingAuditResponse;
    expect(seen.data.operators).toEqual([{ id: owner, name: 'An owner' }]);
    expect((await audit()).data.operators).toEqual([{ id: owner, name: 'Demo Owner' }]);
  });

  it('pages the owners at most once per gap: new findings meanwhile are held, then paged together once', async () => {
    // past the gap since the first test's page
    await clock.advance(OPERATOR_PAGE_GAP_MS);
    const resume = stopPaging(app);
    release = resume;
    const before = operatorPages().length;
    const policy = policyOf([{ timeoutMinutes: 60, targets: [{ type: 'user', id: member }] }]);
    const first = await triggerAlert(app.app, { orgId: DEMO_ORG, policy, at: new Date(clock.now()).toISOString() });
    await clock.advance(2 * MINUTE);
    await eventually(() => operatorPages().length === before + 1);
    expect(operatorPages().at(-1)!.message.text).toContain(first.alertId);

    // a second alert stuck a minute later: a new finding, held by the gap
    const second = await triggerAlert(app.app, { orgId: DEMO_ORG, policy, at: new Date(clock.now()).toISOString() });
    await clock.advance(2 * MINUTE);
    await eventually(async () =>
      (await audit()).data.findings.some((f: { alert_id: string }) => f.alert_id === second.alertId),
    );
    const checked = (await audit()).data.checked_at;
    await clock.advance(MINUTE);
    await eventually(async () => (await audit()).data.checked_at !== checked);
    expect(operatorPages()).toHaveLength(before + 1);

    // once the gap has passed, the held findings go out in one page, and the first alert's are not repeated
    await clock.advance(OPERATOR_PAGE_GAP_MS);
    await eventually(() => operatorPages().length === before + 2);
    const held = operatorPages().at(-1)!.message.text;
    expect(held).toContain(second.alertId);
    expect(held).not.toContain(first.alertId);
    expect(held).toMatch(/paging is stuck \(\d+ late, \d+ new\)/);
    const lastChecked = (await audit()).data.checked_at;
    await clock.advance(MINUTE);
    await eventually(async () => (await audit()).data.checked_at !== lastChecked);
    expect(operatorPages()).toHaveLength(before + 2);

    resume();
    await eventually(() => gateway.received.filter((p) => p.address === '+15550000002').length >= 3);
    await clock.advance(MINUTE);
    await eventually(async () => (await audit()).data.findings.length === 0);
  });
});

describeWhen(
  redisReachable(),
  'the engine probe on BullMQ (production shape)',
  `Redis is not reachable at ${REDIS_URL}`,
  () => {
    let app: TestApp;
    let resume: () => void = () => undefined;
    beforeAll(async () => {
      app = await startApp({
        env: { REDIS_URL, BULLMQ_PREFIX: `tocsin-probe-${Date.now()}`, ENGINE_PROBE_TIMEOUT_MS: '800' },
      });
    });
    afterAll(async () => {
      resume();
      await app.close();
    });

    it('passes while the paging worker flows, fails while it is stuck, and passes again', async () => {
      await request(app.url).get('/health/engine').expect(200);
      resume = stopPaging(app);
      await request(app.url).get('/health/engine').expect(503);
      resume();
      await request(app.url).get('/health/engine').expect(200);
    });
  },
  true,
);

describe('an auditor round over many open alerts', () => {
  let app: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await startPagingApp());
    const policy = policyOf([{ timeoutMinutes: 30, targets: [] }]);
    for (let i = 0; i < 200; i++) await triggerAlert(app.app, { orgId: DEMO_ORG, policy });
    const store = app.runtime.infra.readStore;
    await eventually(async () => (await store.find(PAGING_OPEN_ALERTS, {})).length >= 200);
  });
  afterAll(() => close());
  afterEach(() => jest.restoreAllMocks());

  it("gives the event loop back between plans, so the same process's ingest and pages go on during it", async () => {
    const plan = jest.spyOn(app.app.get(PagingPlanner), 'plan');
    // other work queued as the round starts runs before the round has read every plan
    let plansBeforeOtherWork = -1;
    const round = app.app.get(EscalationAuditor).audit(Date.now());
    setImmediate(() => (plansBeforeOtherWork = plan.mock.calls.length));
    const { alerts } = await round;
    expect(alerts).toBeGreaterThanOrEqual(200);
    expect(plan).toHaveBeenCalledTimes(alerts);
    expect(plansBeforeOtherWork).toBeGreaterThan(0);
    expect(plansBeforeOtherWork).toBeLessThan(alerts);
  });

  it('rests between its plans for longer than they take, so a storm is not held behind a whole round', async () => {
    const planner = app.app.get(PagingPlanner);
    const plan = planner.plan.bind(planner);
    let planning = 0;
    jest.spyOn(planner, 'plan').mockImplementation(async (stream) => {
      const start = performance.now();
      try {
        return await plan(stream);
      } finally {
        planning += performance.now() - start;
      }
    });
    const start = performance.now();
    const { alerts } = await app.app.get(EscalationAuditor).audit(Date.now());
    const round = performance.now() - start;
    expect(alerts).toBeGreaterThanOrEqual(200);
    // planning is at most a quarter of the round by design (three times its time in rests; measured 0.23-0.25), plus
    // the last few plans; a round that only gave the loop back between plans spent most of it planning (0.57-0.72)
    expect(planning / round).toBeLessThan(0.4);
  });
});
