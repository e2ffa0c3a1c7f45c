import request from 'supertest';
import {
  WEBHOOK_TARGETS_API,
  webhookRedeliverPath,
  webhookTargetDeliveriesPath,
  webhookTargetEventsPath,
  webhookTargetPath,
  webhookTargetResumePath,
  webhookTargetSecretRotationPath,
} from '@tocsin/contracts';
import { ManualClock } from '@tocsin/platform';
import { IDEMPOTENCY_STORE } from '../../apps/api/src/shared/idempotency/idempotency.interceptor';
import { startApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { DEMO_ORG, triggerAlert } from '../support/paging';
import { RecordingServer, type RecordedRequest } from '../support/recording-server';
import { signInAs, type Client } from '../support/session';
import { createTeam } from './signals-ingest.support';
import { acknowledge, createTarget, signaturesIn, targetOf, verified } from './webhook-targets.support';

const bodyOf = (r: RecordedRequest) => JSON.parse(r.body) as { id: string; type: string; alert: { id: string } };

/** Webhook targets end to end (issue 20): signed deliveries, retries, redelivery, the pause rule, catching up. */
describe('webhook targets', () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1, 9));
  let app: TestApp;
  let receiver: RecordingServer;
  let owner: Client;
  let member: Client;

  beforeAll(async () => {
    receiver = await RecordingServer.start();
    app = await startApp({ clock, env: { CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    owner = await signInAs(app.url, 'owner');
    member = await signInAs(app.url, 'member');
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  /** The requests the receiver got at `path`. */
  const at = (path: string) => receiver.requests.filter((r) => r.path === path);
  const waitFor = (path: string, count: number) => eventually(() => at(path).length >= count && at(path));
  /**
   * Resolves once the delivery of the event `request` carried is waiting for its retry: its backoff is timed
   * from the clock at that moment, so the clock may be moved only then.
   */
  const retryQueued = (targetId: string, request: RecordedRequest) =>
    eventually(
      async () =>
        (await app.runtime.infra.jobs.get('webhooks', `webhook/${targetId}/${bodyOf(request).id}/0`))?.state ===
        'delayed',
    );

  it("delivers its team's alert events signed with its secret, each under a stable event id", async () => {
    const teamId = await createTeam(owner, `Hooks ${Math.random()}`);
    const otherTeam = await createTeam(owner, `Elsewhere ${Math.random()}`);
    const target = await createTarget(member, { name: 'Ops bus', url: `${receiver.url}/signed`, team_ids: [teamId] });
    expect(target.secret).toMatch(/^whsec_/);
    // the secret is shown once: never in a read, and sealed in the log, which the history redacts all the same
    expect(await targetOf(member, target.id)).not.toHaveProperty('secret');
    const history = await owner
      .get('/api/v1/history')
      .query({ type: 'WebhookTargetCreated', per_page: 100 })
      .expect(200);
    const made = history.body.data.find((e: { data: { targetId: string } }) => e.data.targetId === target.id);
    expect(made.data.secret).toBe('[redacted]');
    const sealed = await app.runtime.infra.eventStore.readStream(`webhookTarget-${target.id}`);
    expect(JSON.stringify(sealed)).not.toContain(target.secret);

    await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null, teamId: otherTeam });
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null, teamId });
    await acknowledge(owner, alertId);
    const [triggered, acknowledged] = await waitFor('/signed', 2);
    expect([bodyOf(triggered).type, bodyOf(acknowledged).type]).toEqual(['alert.triggered', 'alert.acknowledged']);
    expect(bodyOf(triggered).alert.id).toBe(alertId);
    for (const delivery of [triggered, acknowledged]) {
      expect(verified(delivery, target.secret)).toBe(true);
      expect(verified(delivery, 'whsec_not-the-secret')).toBe(false);
      expect(delivery.headers['x-tocsin-event-id']).toBe(bodyOf(delivery).id);
      expect(delivery.headers['x-tocsin-event']).toBe(bodyOf(delivery).type);
    }
    expect(Number(bodyOf(acknowledged).id)).toBeGreaterThan(Number(bodyOf(triggered).id));
    // the other team's alert was not sent
    expect(at('/signed')).toHaveLength(2);

    const log = await eventually(async () => {
      const page = (await member.get(webhookTargetDeliveriesPath(target.id)).expect(200)).body;
      return page.data.length === 2 && page;
    });
    expect(log.data[0]).toMatchObject({ event_type: 'alert.acknowledged', status_code: 200, ok: true, attempt: 1 });
    expect(typeof log.data[0].duration_ms).toBe('number');
    expect(log.data[0].at).toBe(new Date(clock.now()).toISOString());
  });

  it('tries again with backoff after a failure, and a redelivery from the log repeats the same event', async () => {
    const target = await createTarget(member, { name: 'Flaky', url: `${receiver.url}/flaky` });
    receiver.next({ status: 500, body: 'busy' });
    await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null });
    const [first] = await waitFor('/flaky', 1);
    // the retry waits for its backoff (a minute), not a moment more
    await retryQueued(target.id, first);
    await clock.advance(59_000);
    expect(at('/flaky')).toHaveLength(1);
    await clock.advance(1_000);
    const [, retried] = await waitFor('/flaky', 2);
    expect(retried.body).toBe(first.body);
    expect(verified(retried, target.secret)).toBe(true);
    const log = await eventually(async () => {
      const page = (await member.get(webhookTargetDeliveriesPath(target.id)).expect(200)).body;
      return page.data.length === 2 && page.data;
    });
    expect(log.map((a: { attempt: number; status_code: number }) => [a.attempt, a.status_code])).toEqual([
      [2, 200],
      [1, 500],
    ]);
    expect(log[1].error).toBe('500 busy');

    // the redeliver button: a new try of the same event id, the body byte for byte the same
    const eventId = bodyOf(first).id;
    const asked = await member.post(webhookRedeliverPath(target.id, eventId)).send({}).expect(202);
    expect(asked.body.data).toEqual({ event_id: eventId, round: 1 });
    const [, , again] = await waitFor('/flaky', 3);
    expect(again.body).toBe(first.body);
    expect(again.headers['x-tocsin-event-id']).toBe(eventId);
    await eventually(async () => {
      const page = (await member.get(webhookTargetDeliveriesPath(target.id)).expect(200)).body;
      return page.data[0].round === 1 && page.data[0].ok;
    });
    // an event this target was never sent cannot be redelivered to it
    await member.post(webhookRedeliverPath(target.id, '1')).send({}).expect(404);
    await member.post(webhookRedeliverPath(target.id, 'not-an-id')).send({}).expect(404);
  });

  it('signs with both secrets during a rotation, and with the new one alone once it is finished', async () => {
    const target = await createTarget(member, { name: 'Rotating', url: `${receiver.url}/rotating` });
    const rotated = (await member.post(webhookTargetSecretRotationPath(target.id)).send({}).expect(201)).body.data;
    expect(rotated.secret).not.toBe(target.secret);
    expect(rotated.rotating).toBe(true);
    // a second rotation before the first is finished would drop a secret a receiver may still use
    await member.post(webhookTargetSecretRotationPath(target.id)).send({}).expect(409);
    await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null });
    const [during] = await waitFor('/rotating', 1);
    expect(signaturesIn(during)).toBe(2);
    expect(verified(during, target.secret) && verified(during, rotated.secret)).toBe(true);
    await member.delete(webhookTargetSecretRotationPath(target.id)).expect(200);
    await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null });
    const [, after] = await waitFor('/rotating', 2);
    expect(signaturesIn(after)).toBe(1);
    expect(verified(after, rotated.secret)).toBe(true);
    expect(verified(after, target.secret)).toBe(false);
  });

  it('pauses a target that keeps failing for an hour and tells the owners by email', async () => {
    receiver.on((r) => (r.path === '/down' ? { status: 503, body: 'down' } : { status: 200, body: {} }));
    const target = await createTarget(member, { name: `Down ${Math.random()}`, url: `${receiver.url}/down` });
    const failFiveTimes = async (count: number) => {
      await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null });
      // five tries: at once, then 1, 2, 4 and 8 minutes later
      for (const [i, wait] of [0, 60_000, 120_000, 240_000, 480_000].entries()) {
        if (i > 0) await retryQueued(target.id, at('/down')[count + i - 1]);
        await clock.advance(wait);
        await waitFor('/down', count + i + 1);
      }
    };
    await failFiveTimes(0);
    expect((await targetOf(member, target.id)).status).toBe('active');
    await clock.advance(60 * 60_000);
    await failFiveTimes(5);
    const paused = await eventually(async () => {
      const now = await targetOf(member, target.id);
      return now.status === 'paused' && now;
    });
    expect(paused.consecutive_failures).toBe(10);
    const mail = await eventually(async () => {
      const { body } = await request(app.url).get('/api/v1/dev/mailbox').query({ to: 'owner@demo.tocsin.dev' });
      return (body.data as Array<{ subject: string; text: string }>).find((m) => m.subject.includes(target.name));
    });
    expect(mail.text).toContain(`/signals/webhook_targets/${target.id}`);

    // paused: nothing more is sent; resumed, the next event is
    await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null });
    await clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(at('/down')).toHaveLength(10);
    receiver.on(() => ({ status: 200, body: {} }));
    const resumed = (await member.post(webhookTargetResumePath(target.id)).send({}).expect(201)).body.data;
    expect(resumed).toMatchObject({ status: 'active', consecutive_failures: 0 });
    await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null });
    await waitFor('/down', 11);
  });

  it("does not let a slow receiver hold back another target's deliveries", async () => {
    receiver.on((r) => (r.path === '/slow' ? { status: 200, body: {}, delayMs: 4000 } : { status: 200, body: {} }));
    const slow = await createTarget(member, { name: 'Slow', url: `${receiver.url}/slow` });
    await createTarget(member, { name: 'Quick', url: `${receiver.url}/quick` });
    for (let i = 0; i < 6; i++) await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null });
    await waitFor('/quick', 6);
    // every quick delivery went while the slow receiver still sat on its first answers, and the slow target had
    // at most two tries under way at once (the others wait their turn, holding no worker)
    expect((await member.get(webhookTargetDeliveriesPath(slow.id)).expect(200)).body.data).toEqual([]);
    expect(at('/slow').length).toBeLessThanOrEqual(2);
    const log = await eventually(async () => {
      const page = (await member.get(webhookTargetDeliveriesPath(slow.id)).expect(200)).body;
      return page.data.length === 2 && page.data;
    });
    expect(log.every((a: { duration_ms: number; ok: boolean }) => a.ok && a.duration_ms >= 3900)).toBe(true);
    receiver.on(() => ({ status: 200, body: {} }));
  });

  it('gives a receiver every event after a given one, exactly, to its secret or to a session', async () => {
    const teamId = await createTeam(owner, `Catch up ${Math.random()}`);
    const target = await createTarget(member, {
      name: 'Catch-up',
      url: `${receiver.url}/catch-up`,
      team_ids: [teamId],
    });
    const triggered = [];
    for (let i = 0; i < 5; i++) triggered.push(await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null, teamId }));
    await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null });
    const delivered = await waitFor('/catch-up', 5);
    const ids = delivered.map((r) => bodyOf(r).id);

    const asReceiver = (after: string, limit: number) =>
      request(app.url)
        .get(webhookTargetEventsPath(target.id))
        .query({ after, limit })
        .set('Authorization', `Bearer ${target.secret}`)
        .expect(200);
    const all = (await asReceiver('0', 100)).body;
    expect(all.data.map((e: { id: string }) => e.id)).toEqual(ids);
    expect(all.has_more).toBe(false);
    // page by page, two at a time: the same events, none twice, none missed
    const paged: string[] = [];
    let after = '0';
    for (;;) {
      const page = (await asReceiver(after, 2)).body;
      paged.push(...page.data.map((e: { id: string }) => e.id));
      after = page.next_after;
      if (!page.has_more) break;
    }
    expect(paged).toEqual(ids);
    // from the middle: exactly what follows it
    expect((await asReceiver(ids[1], 100)).body.data.map((e: { id: string }) => e.id)).toEqual(ids.slice(2));
    expect((await asReceiver(ids[4], 100)).body).toEqual({ data: [], next_after: ids[4], has_more: false });
    // the body is the delivery's
    expect(all.data[0]).toEqual(JSON.parse(delivered[0].body));

    // a session with read_webhook_targets reads the same; a wrong secret, no secret and a viewer do not
    expect((await member.get(webhookTargetEventsPath(target.id)).expect(200)).body.data).toHaveLength(5);
    await request(app.url)
      .get(webhookTargetEventsPath(target.id))
      .set('Authorization', 'Bearer whsec_guess')
      .expect(401);
    await request(app.url).get(webhookTargetEventsPath(target.id)).expect(401);
    await request(app.url)
      .get(webhookTargetEventsPath('not-a-target'))
      .set('Authorization', `Bearer ${target.secret}`)
      .expect(401);
    const viewer = await signInAs(app.url, 'viewer');
    expect((await viewer.get(webhookTargetEventsPath(target.id)).expect(403)).body.permission).toBe(
      'read_webhook_targets',
    );
    const bad = await member.get(webhookTargetEventsPath(target.id)).query({ after: '-1' }).expect(400);
    expect(bad.body.fields.after).toBeDefined();
  });

  it('makes a target and rotates its secret once under an Idempotency-Key, keeping no secret for a replay', async () => {
    const body = { name: 'Keyed', url: `${receiver.url}/keyed`, event_types: ['alert.resolved'] };
    const created = await member.post(WEBHOOK_TARGETS_API).set('Idempotency-Key', 'hook-1').send(body).expect(201);
    const repeat = await member.post(WEBHOOK_TARGETS_API).set('Idempotency-Key', 'hook-1').send(body).expect(409);
    expect(repeat.body.error).toBe('idempotency_answer_not_kept');
    const { id, secret } = created.body.data;
    const rotated = await member
      .post(webhookTargetSecretRotationPath(id))
      .set('Idempotency-Key', 'hook-rotate-1')
      .send({})
      .expect(201);
    await member.post(webhookTargetSecretRotationPath(id)).set('Idempotency-Key', 'hook-rotate-1').send({}).expect(409);
    const kept = JSON.stringify([
      ...(app.app.get(IDEMPOTENCY_STORE) as unknown as { entries: Map<string, unknown> }).entries,
    ]);
    expect(kept).not.toContain(secret);
    expect(kept).not.toContain(rotated.body.data.secret);
    const list = (await member.get(WEBHOOK_TARGETS_API).query({ per_page: 100 }).expect(200)).body.data;
    expect(list.filter((t: { name: string }) => t.name === 'Keyed')).toHaveLength(1);
  });

  it('refuses bad input field by field and writes nothing', async () => {
    const before = (await member.get(WEBHOOK_TARGETS_API).expect(200)).body.pagination.total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: `${receiver.url}/x`, event_types: ['alert.triggered'] }, 'name'],
      [{ name: 'x', url: 'not a url', event_types: ['alert.triggered'] }, 'url'],
      [{ name: 'x', url: 'ftp://example.com/x', event_types: ['alert.triggered'] }, 'url'],
      [{ name: 'x', url: 'https://user:pw@example.com/x', event_types: ['alert.triggered'] }, 'url'],
      [{ name: 'x', url: `${receiver.url}/x`, event_types: [] }, 'event_types'],
      [{ name: 'x', url: `${receiver.url}/x`, event_types: ['__proto__'] }, 'event_types'],
      [{ name: 'x', url: `${receiver.url}/x`, event_types: 'alert.triggered' }, 'event_types'],
      [
        { name: 'x', url: `${receiver.url}/x`, event_types: ['alert.triggered'], team_ids: ['no-such-team'] },
        'team_ids',
      ],
      [{ name: 'x'.repeat(101), url: `${receiver.url}/x`, event_types: ['alert.triggered'] }, 'name'],
    ];
    for (const [body, field] of cases) {
      const refused = await member.post(WEBHOOK_TARGETS_API).send(body).expect(400);
      expect([field, refused.body.fields?.[field]?.[0]]).toEqual([field, expect.any(String)]);
    }
    const target = await createTarget(member, { name: 'Kept', url: `${receiver.url}/kept` });
    const patched = await member.patch(webhookTargetPath(target.id)).send({ url: 'nope', name: '' }).expect(400);
    expect(Object.keys(patched.body.fields).sort()).toEqual(['name', 'url']);
    expect(await targetOf(member, target.id)).toMatchObject({ name: 'Kept', url: `${receiver.url}/kept` });
    expect((await member.get(WEBHOOK_TARGETS_API).expect(200)).body.pagination.total).toBe(before + 1);
  });

  it('lets members and owners manage targets, viewers and collaborators neither read nor change them', async () => {
    const target = await createTarget(owner, { name: 'Roles', url: `${receiver.url}/roles` });
    for (const role of ['viewer', 'collaborator'] as const) {
      const client = await signInAs(app.url, role);
      await client.get(WEBHOOK_TARGETS_API).expect(403);
      await client.get(webhookTargetPath(target.id)).expect(403);
      await client
        .post(WEBHOOK_TARGETS_API)
        .send({ name: 'x', url: `${receiver.url}/x` })
        .expect(403);
      await client.delete(webhookTargetPath(target.id)).expect(403);
    }
    await member.patch(webhookTargetPath(target.id)).send({ name: 'Roles, renamed' }).expect(200);
    await member.delete(webhookTargetPath(target.id)).expect(204);
    await member.get(webhookTargetPath(target.id)).expect(404);
  });
});

/** Without CHANNELS_ALLOW_PRIVATE_ADDRESSES (production): an organization cannot point Tocsin into its network. */
describe('webhook targets behind the egress guard', () => {
  let app: TestApp;
  let member: Client;

  beforeAll(async () => {
    app = await startApp();
    member = await signInAs(app.url, 'member');
  });
  afterAll(() => app.close());

  it.each([
    ['https://127.0.0.1/hook', 'private address'],
    ['https://[::1]/hook', 'private address'],
    ['https://169.254.169.254/latest/meta-data', 'private address'],
    ['https://10.0.0.8/hook', 'private address'],
    ['https://localhost:8443/hook', 'private address'],
    ['http://hooks.example.com/tocsin', 'https://'],
  ])('refuses %s', async (url, words) => {
    const refused = await member
      .post(WEBHOOK_TARGETS_API)
      .send({ name: 'Inside', url, event_types: ['alert.triggered'] })
      .expect(400);
    expect(refused.body.fields.url[0]).toContain(words);
    expect((await member.get(WEBHOOK_TARGETS_API).expect(200)).body.data).toEqual([]);
  });
});
