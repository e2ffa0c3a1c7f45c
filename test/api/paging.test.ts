import request from 'supertest';
import { attemptIdOf, type AlertTriggered } from '@tocsin/domain';
import type { TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import {
  DEMO_ORG,
  demoUserId,
  policyOf,
  type RecordingGateway,
  savePhone,
  saveSetting,
  startPagingApp,
  triggerAlert,
} from '../support/paging';
import { registerOrg } from './organization-admin.support';
import { eventually } from '../support/eventually';

const alerts = '/api/v1/signals/alerts';
const owner = demoUserId('owner');
const member = demoUserId('member');
const collaborator = demoUserId('collaborator');

/** The paging engine end to end: due notifications delivered, retried, acknowledged by the signed link, escalated, reassigned. */
describe('paging', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let client: Client;
  let close: () => Promise<void>;
  const rows: Record<string, string> = {};

  const pagesOf = (alertId: string) => gateway.received.filter((page) => page.message.alertId === alertId);
  const timeline = async (alertId: string) =>
    (await client.get(`${alerts}/${alertId}/timeline`).expect(200)).body.data as Array<Record<string, unknown>>;
  const kinds = async (alertId: string) => (await timeline(alertId)).map((entry) => entry.kind);
  /** The timeline once a page of the alert is recorded as sent. */
  const timelineOnceSent = async (alertId: string) => {
    await eventually(async () => (await kinds(alertId)).includes('notification_sent'));
    return timeline(alertId);
  };

  beforeAll(async () => {
    ({ app, gateway, close } = await startPagingApp());
    client = await signInAs(app.url, 'owner');
    rows.ownerSms = await savePhone(app.app, owner, 'sms', '+15550000001');
    rows.ownerVoice = await savePhone(app.app, owner, 'voice', '+15550000001', 'PT5M');
    rows.memberSms = await savePhone(app.app, member, 'sms', '+15550000002');
    rows.collaboratorSms = await savePhone(app.app, collaborator, 'sms', '+15550000003');
    // another priority's row is not used for a HIGH alert
    await saveSetting(app.app, DEMO_ORG, member, {
      notification_type: 'email',
      value: 'member@demo.tocsin.dev',
      delay: 'PT0S',
      priority: 'LOW',
    });
  });
  afterAll(() => close());

  const twoSteps = policyOf([
    { timeoutMinutes: 10, targets: [{ type: 'user', id: owner }] },
    { timeoutMinutes: 10, targets: [{ type: 'user', id: member }] },
  ]);

  it('pages the first step by its settings, and the signed link acknowledges (on POST only) and cancels the pending call', async () => {
    const at = new Date().toISOString();
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: twoSteps, at });
    const [sms] = await eventually(() => pagesOf(alertId).length === 1 && pagesOf(alertId));
    expect(sms).toMatchObject({
      kind: 'sms',
      address: '+15550000001',
      message: { alertId },
    });
    expect(sms.message.text).toContain('Disk almost full on db-1');
    expect(sms.message.shortCode).toMatch(/^[2-9A-Z]{6}$/);

    // the attempt is recorded, then the provider's answer; the routing decision and the policy copy come first
    const entries = await timelineOnceSent(alertId);
    expect(entries.map((e) => e.kind)).toEqual([
      'triggered',
      'step_reached',
      'notification_attempted',
      'notification_sent',
    ]);
    // the policy copy in the API's words (ISO-8601 durations, snake_case), in the timeline and on the alert
    const copy = {
      policy_id: 'policy-test',
      name: 'Test on-call',
      revision: 1,
      steps: [
        { timeout: 'PT10M', targets: [{ type: 'user', id: owner }] },
        { timeout: 'PT10M', targets: [{ type: 'user', id: member }] },
      ],
      repeat: 0,
      ack_reminder: null,
    };
    expect(entries[0]).toMatchObject({ policy: copy, routing: { kind: 'default', priority: 'HIGH' } });
    expect((await client.get(`${alerts}/${alertId}`).expect(200)).body.data.policy).toEqual(copy);
    expect(entries[2]).toMatchObject({ channel: 'sms', address: '+15550000001', userId: owner, try: 1 });
    expect(entries[3]).toMatchObject({ providerMessageId: 'SM1', try: 1 });

    // the voice call is queued for five minutes after the trigger
    const voiceJob = `page/${attemptIdOf(alertId, 1, { kind: 'step', step: 0 }, owner, rows.ownerVoice)}/${Date.parse(at) + 5 * 60_000}`;
    expect(await app.runtime.infra.jobs.get('paging', voiceJob)).toMatchObject({ state: 'delayed' });

    // opening the link (a mail scanner's GET) only asks
    const path = new URL(sms.message.acknowledgeUrl!).pathname;
    const page = await request(app.url).get(path).set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('<form method="post">');
    expect(page.text).toContain('Acknowledge this alert?');
    expect(await kinds(alertId)).not.toContain('acknowledged');
    // a changed token does nothing
    await request(app.url)
      .post(`${path.slice(0, -3)}AAA`)
      .expect(404);
    await request(app.url).post(path.replace(alertId, 'another-alert')).expect(404);

    const done = await request(app.url).post(path).expect(200);
    expect(done.text).toContain('Alert acknowledged');
    const acknowledged = (await timeline(alertId)).find((e) => e.kind === 'acknowledged');
    expect(acknowledged).toMatchObject({ by: { kind: 'user', userId: owner, via: 'link' } });
    // the audit trail names the person, through the signed link (no session)
    const audit = await client
      .get('/api/v1/audit_events')
      .query({ type: 'AlertAcknowledged', per_page: 1 })
      .expect(200);
    expect(audit.body.data[0]).toMatchObject({ actor: { kind: 'link', id: owner, via: 'link' } });
    // the pending call is cancelled (and, were it not, the decider would refuse it)
    await eventually(async () => (await app.runtime.infra.jobs.get('paging', voiceJob)) === null);
    // a signed-in browser posting the form needs no CSRF header: the token is the proof
    await client.post(path).expect(200);
  });

  it('retries a failure the provider calls retryable, and shows it on the timeline', async () => {
    gateway.failNext(1, 503);
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: twoSteps });
    await eventually(() => pagesOf(alertId).length === 1, 15_000);
    const entries = await timelineOnceSent(alertId);
    expect(entries.map((e) => e.kind)).toEqual([
      'triggered',
      'step_reached',
      'notification_attempted',
      'notification_failed',
      'notification_attempted',
      'notification_sent',
    ]);
    expect(entries[3]).toMatchObject({ retryable: true, final: false, try: 1 });
    expect(String(entries[3].answer)).toContain('503');
    expect(entries[5]).toMatchObject({ try: 2 });
  });

  it("falls through to the person's next method at once when a failure is final", async () => {
    gateway.failNext(1, 400);
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: twoSteps });
    // the SMS is refused for good: the voice call (due in five minutes) goes now
    const [voice] = await eventually(() => pagesOf(alertId).length === 1 && pagesOf(alertId), 15_000);
    expect(voice.kind).toBe('voice');
    const entries = await timeline(alertId);
    expect(entries.find((e) => e.kind === 'notification_failed')).toMatchObject({ retryable: false, final: true });
  });

  it('escalates now to the next step, and no further than the last one', async () => {
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: twoSteps });
    await eventually(() => pagesOf(alertId).length === 1);
    const answer = await client.post(`${alerts}/${alertId}/escalate`).expect(200);
    // a browser session's action is recorded as the web's, by the same rule as acknowledging (viaOf)
    expect((answer.body.data as Array<{ kind: string }>).find((e) => e.kind === 'escalated')).toMatchObject({
      by: { kind: 'user', userId: owner, via: 'web' },
    });
    const pages = await eventually(() => pagesOf(alertId).length === 2 && pagesOf(alertId));
    expect(pages[1]).toMatchObject({ kind: 'sms', address: '+15550000002' });
    const refused = await client.post(`${alerts}/${alertId}/escalate`).expect(409);
    expect(refused.body.message).toBe('The escalation is at its last step');
  });

  it('reassigns to a member, who is paged by their own settings while the policy stops', async () => {
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: twoSteps });
    await eventually(() => pagesOf(alertId).length === 1);
    await client.post(`${alerts}/${alertId}/reassign`).send({ user_id: collaborator }).expect(200);
    const pages = await eventually(() => pagesOf(alertId).length === 2 && pagesOf(alertId));
    expect(pages[1]).toMatchObject({ kind: 'sms', address: '+15550000003' });
    expect((await timeline(alertId)).find((e) => e.kind === 'reassigned')).toMatchObject({
      userId: collaborator,
      by: { kind: 'user', userId: owner, via: 'web' },
    });

    // who was paged, with the time where they are (the owner's working hours are in Paris; the collaborator set none)
    await client
      .post('/api/v1/signals/handoff_notification_settings')
      .send({
        notify_before_minutes: 30,
        notification_type: 'email',
        hours_setting: 'custom',
        time_zone: 'Europe/Paris',
      })
      .expect(201);
    const responders = (await client.get(`${alerts}/${alertId}/responders`).expect(200)).body.data as Array<
      Record<string, unknown>
    >;
    expect(responders.map((r) => r.user_id)).toEqual([owner, collaborator]);
    expect(responders[0]).toMatchObject({ name: 'Demo Owner', time_zone: 'Europe/Paris' });
    expect(responders[0].local_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(responders[0].utc_offset).toMatch(/^\+0[12]:00$/);
    expect(responders[1]).toMatchObject({ time_zone: null, local_time: null, utc_offset: null });
  });

  it('hands over an acknowledged alert: triggered again, the new person paged until they acknowledge it', async () => {
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: twoSteps });
    await eventually(() => pagesOf(alertId).length === 1);
    await client.post(`${alerts}/${alertId}/acknowledge`).send({}).expect(200);
    // handing it to the one who acknowledged it changes nothing
    await client.post(`${alerts}/${alertId}/reassign`).send({ user_id: owner }).expect(200);
    expect((await client.get(`${alerts}/${alertId}`).expect(200)).body.data.status).toBe('acknowledged');

    await client.post(`${alerts}/${alertId}/reassign`).send({ user_id: collaborator }).expect(200);
    const alert = await eventually(async () => {
      const data = (await client.get(`${alerts}/${alertId}`).expect(200)).body.data;
      return data.status === 'triggered' && data;
    });
    expect(alert).toMatchObject({ acknowledged_by: null, acknowledged_at: null });
    const pages = await eventually(() => pagesOf(alertId).length === 2 && pagesOf(alertId));
    expect(pages[1]).toMatchObject({ kind: 'sms', address: '+15550000003' });
    const collaboratorClient = await signInAs(app.url, 'collaborator');
    await collaboratorClient.post(`${alerts}/${alertId}/acknowledge`).send({}).expect(200);
    expect((await timeline(alertId)).filter((e) => e.kind === 'acknowledged').map((e) => e.by)).toEqual([
      { kind: 'user', userId: owner, via: 'web' },
      { kind: 'user', userId: collaborator, via: 'web' },
    ]);
    // resolved, it is nobody's to hand over: a clear 409
    await client.post(`${alerts}/${alertId}/resolve`).send({}).expect(200);
    const late = await client.post(`${alerts}/${alertId}/reassign`).send({ user_id: member }).expect(409);
    expect(late.body.message).toBe('The alert is no longer open');
  });

  it("names the people an alert's answers mention, members of the organization only", async () => {
    const outsiderEmail = `outsider-${Date.now()}@example.com`;
    const outsider = await registerOrg(app.url, outsiderEmail, 'Outsider Name Corp');
    // a copied policy naming another organization's user: their id is all the answers may hold of them
    const policy = policyOf([
      {
        timeoutMinutes: 10,
        targets: [
          { type: 'user', id: owner },
          { type: 'user', id: outsider.userId },
        ],
      },
    ]);
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy });
    await eventually(async () =>
      (await timeline(alertId)).some((e) => e.kind === 'target_unreachable' && e.userId === outsider.userId),
    );
    await eventually(() => pagesOf(alertId).length === 1);
    const reassigned = (await client.post(`${alerts}/${alertId}/reassign`).send({ user_id: collaborator }).expect(200))
      .body;
    const answer = (await client.get(`${alerts}/${alertId}/timeline`).expect(200)).body;
    expect(answer.people).toEqual({
      [owner]: { name: 'Demo Owner' },
      [collaborator]: { name: expect.any(String) },
    });
    expect(reassigned.people).toEqual(answer.people);
    const responders = (await client.get(`${alerts}/${alertId}/responders`).expect(200)).body;
    expect(Object.keys(responders.people).sort()).toEqual([owner, collaborator].sort());
    expect(responders.data.map((r: { name: string }) => r.name)).toEqual([
      'Demo Owner',
      answer.people[collaborator].name,
    ]);
    // a viewer, who may not list users, reads the same names
    const viewer = await signInAs(app.url, 'viewer');
    expect((await viewer.get(`${alerts}/${alertId}/timeline`).expect(200)).body.people).toEqual(answer.people);
    for (const body of [reassigned, answer, responders]) {
      expect(JSON.stringify(body)).not.toContain('Outsider Name Corp');
      expect(JSON.stringify(body)).not.toContain(outsiderEmail);
    }
  });

  it('shows on the alert a step target that pages nobody (no settings for the priority, a team without members)', async () => {
    const viewer = demoUserId('viewer');
    const emptyTeam = (await client.post('/api/v1/teams').send({ name: 'Nobody here' }).expect(201)).body.data
      .id as string;
    const policy = policyOf([
      {
        timeoutMinutes: 10,
        targets: [
          { type: 'user', id: viewer },
          { type: 'team', id: emptyTeam },
        ],
      },
    ]);
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy });
    const entries = await eventually(async () => {
      const found = (await timeline(alertId)).filter((e) => e.kind === 'target_unreachable');
      return found.length === 2 && found;
    });
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: viewer, reason: 'no_notification_settings' }),
        expect.objectContaining({ userId: null, reason: 'no_members', target: { type: 'team', id: emptyTeam } }),
      ]),
    );
  });

  it('refuses bad input with field messages and writes nothing; another organization sees no alert', async () => {
    const { alertId, stream } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null });
    const before = (await app.runtime.infra.eventStore.readStream(stream)).length;
    for (const body of [{}, { user_id: '' }, { user_id: 42 }, { user_id: 'x'.repeat(500) }]) {
      const answer = await client.post(`${alerts}/${alertId}/reassign`).send(body).expect(400);
      expect(answer.body.fields.user_id).toBeDefined();
    }
    const unknown = await client.post(`${alerts}/${alertId}/reassign`).send({ user_id: 'nobody' }).expect(404);
    expect(unknown.body.fields.user_id).toEqual(['No such member in this organization']);
    // without a policy there is no step to escalate to
    await client.post(`${alerts}/${alertId}/escalate`).expect(409);
    expect((await app.runtime.infra.eventStore.readStream(stream)).length).toBe(before);

    const other = await registerOrg(app.url, `pager-${Date.now()}@example.com`, 'Other Co');
    await other.client.get(`${alerts}/${alertId}/timeline`).expect(404);
    await other.client.get(`${alerts}/${alertId}/responders`).expect(404);
    await other.client.post(`${alerts}/${alertId}/escalate`).expect(404);
    await other.client.post(`${alerts}/${alertId}/reassign`).send({ user_id: other.userId }).expect(404);
    await client.get(`${alerts}/unknown-alert/timeline`).expect(404);
    expect((await app.runtime.infra.eventStore.readStream(stream)).length).toBe(before);
    const triggered = (await app.runtime.infra.eventStore.readStream(stream))[0].data as AlertTriggered['data'];
    expect(triggered.alertId).toBe(alertId);
  });
});
