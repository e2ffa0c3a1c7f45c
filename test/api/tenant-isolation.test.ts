import request from 'supertest';
import { io } from 'socket.io-client';
import { SocketEvents, type ViewChangedNotice } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { keyClient, signInAs, type Client } from '../support/session';
import { permissionsOf } from '@tocsin/domain';
import { signUpOtherOwner } from '../support/sign-up';
import { eventually } from '../support/eventually';
import {
  API_KEYS_API,
  SELF_TEST_API,
  apiKeyPath,
  apiKeyRotatePath,
  OPS_SERIES_API,
  type OpsSeriesPoint,
  type ApiKeyWithSecret,
  WEBHOOK_TARGETS_API,
  webhookRedeliverPath,
  webhookTargetDeliveriesPath,
  webhookTargetEventsPath,
  webhookTargetPath,
  webhookTargetResumePath,
  webhookTargetSecretRotationPath,
} from '@tocsin/contracts';

/**
 * For every endpoint that reads or changes organization data: a user of another organization can
 * neither read nor change it, and ids that are not theirs answer 404 (never 403, which would confirm
 * they exist).
 */
describe('tenant isolation', () => {
  let app: TestApp;
  let demo: Client;
  let other: Client;
  let demoItemId: string;
  const items = '/api/v1/signals/notification_policy_items';

  beforeAll(async () => {
    // samples each second: the ops charts' check sees one soon
    app = await startApp({ env: { OPS_SAMPLE_INTERVAL_MS: '1000' } });
    demo = await signInAs(app.url, 'owner');
    other = await signUpOtherOwner(app.url, 'other');
    demoItemId = (
      await demo
        .post(items)
        .send({ priority: 'HIGH', notification_group_method: 'voice', max_delay: 'PT1M' })
        .expect(201)
    ).body.data.id;
  });
  afterAll(() => app.close());

  it('policy items: another organization sees none and cannot change or delete them (404)', async () => {
    expect((await other.get(items).expect(200)).body.data).toEqual([]);
    const patched = await other.patch(`${items}/${demoItemId}`).send({ max_delay: 'PT1H' }).expect(404);
    expect(patched.body).toEqual({ error: 'not_found', message: 'Notification policy item not found' });
    await other.delete(`${items}/${demoItemId}`).expect(404);
    const mine = (await demo.get(items).expect(200)).body.data.find((i: { id: string }) => i.id === demoItemId);
    expect(mine.max_delay).toBe('PT1M');
  });

  it('on-call schedules: another organization sees none, and their ids answer 404 on every call', async () => {
    const teamId = (await demo.post('/api/v1/teams').send({ name: 'Isolated' }).expect(201)).body.data.id;
    const path = `/api/v1/teams/${teamId}/on_call_schedules`;
    const userId = (await demo.get('/api/v1/me').expect(200)).body.data.user.id;
    const schedule = (
      await demo
        .post(path)
        .send({
          name: 'Ours',
          time_zone: 'UTC',
          layers: [
            {
              name: 'L',
              rotation: { slots: [[userId]], shift_length: 'P1W', handoff_time: '09:00', start_date: '2026-01-05' },
            },
          ],
        })
        .expect(201)
    ).body.data;
    const one = `${path}/${schedule.id}`;
    const range = { start: '2026-12-01T00:00:00Z', end: '2026-12-02T00:00:00Z' };
    expect((await other.get('/api/v1/signals/on_call_schedules').expect(200)).body.data).toEqual([]);
    expect((await other.get('/api/v1/signals/on_call_schedules/my_shifts').expect(200)).body.data).toEqual([]);
    const hours = await other
      .get('/api/v1/analytics/shift_hours')
      .query({ from: range.start, to: range.end })
      .expect(200);
    expect(hours.body.data.people).toEqual([]);
    await other.get(path).expect(404);
    await other.get(one).expect(404);
    await other.get(`${one}/final`).query({ from: range.start, to: range.end }).expect(404);
    await other.get(`${one}/gaps`).expect(404);
    await other.patch(one).send({ name: 'Theirs' }).expect(404);
    await other
      .post(`${one}/overrides`)
      .send({ kind: 'add', ...range, user_id: userId })
      .expect(404);
    await other.post(`${one}/swaps`).send(range).expect(404);
    await other.post(`${one}/feed_token`).send({}).expect(404);
    await other.delete(one).expect(404);
    expect((await demo.get(one).expect(200)).body.data.name).toBe('Ours');
  });

  it('webhook targets: another organization sees none and reaches none of them (404)', async () => {
    const target = (
      await demo
        .post(WEBHOOK_TARGETS_API)
        .send({ name: 'Demo hook', url: 'https://hooks.example.com/demo', event_types: ['alert.triggered'] })
        .expect(201)
    ).body.data;
    expect((await other.get(WEBHOOK_TARGETS_API).expect(200)).body.data).toEqual([]);
    await other.get(webhookTargetPath(target.id)).expect(404);
    await other.patch(webhookTargetPath(target.id)).send({ name: 'Taken' }).expect(404);
    await other.post(webhookTargetSecretRotationPath(target.id)).send({}).expect(404);
    await other.delete(webhookTargetSecretRotationPath(target.id)).expect(404);
    await other.post(webhookTargetResumePath(target.id)).send({}).expect(404);
    await other.get(webhookTargetDeliveriesPath(target.id)).expect(404);
    await other.post(webhookRedeliverPath(target.id, '1')).send({}).expect(404);
    await other.get(webhookTargetEventsPath(target.id)).expect(404);
    await other.delete(webhookTargetPath(target.id)).expect(404);
    expect((await demo.get(webhookTargetPath(target.id)).expect(200)).body.data.name).toBe('Demo hook');
  });

  it("push devices and chat destinations: another organization's person sees none and cannot remove them (404)", async () => {
    const devices = '/api/v1/push_devices';
    const device = (
      await demo
        .post(devices)
        .send({ token: '0f'.repeat(32), platform: 'ios' })
        .expect(201)
    ).body.data;
    expect((await other.get(devices).expect(200)).body.data).toEqual([]);
    expect((await other.get('/api/v1/chat_destinations').expect(200)).body.data).toEqual([]);
    await other.delete(`${devices}/${device.id}`).expect(404);
    // the same token registered by another person is their own device, not this one
    const theirs = (
      await other
        .post(devices)
        .send({ token: '0f'.repeat(32), platform: 'ios' })
        .expect(201)
    ).body.data;
    expect(theirs.id).not.toBe(device.id);
    expect((await demo.get(devices).expect(200)).body.data.map((d: { id: string }) => d.id)).toEqual([device.id]);
    for (const path of ['verify', 'resend'])
      await other.put(`/api/v1/chat_destinations/${device.id}/${path}`).send({ code: '123456' }).expect(404);
  });

  it('alert grouping: another organization sees none of its rules or groups and cannot change them (404)', async () => {
    const teamId = (
      await demo
        .post('/api/v1/teams')
        .send({ name: `Grouped ${Date.now()}` })
        .expect(201)
    ).body.data.id;
    const rules = '/api/v1/signals/alert_grouping';
    const rule = (
      await demo
        .post(rules)
        .send({ team_id: teamId, name: 'By summary', fields: ['summary'], window: 'PT5M' })
        .expect(201)
    ).body.data;
    expect((await other.get(rules).expect(200)).body.data).toEqual([]);
    await other.get(`${rules}/${rule.id}`).expect(404);
    await other.patch(`${rules}/${rule.id}`).send({ window: 'PT1H' }).expect(404);
    await other.delete(`${rules}/${rule.id}`).expect(404);
    await other
      .post(rules)
      .send({ team_id: teamId, name: 'Theirs', fields: ['summary'], window: 'PT5M' })
      .expect(404);
    expect((await other.get('/api/v1/signals/alert_groups').expect(200)).body.data).toEqual([]);
    expect((await demo.get(`${rules}/${rule.id}`).expect(200)).body.data.window).toBe('PT5M');
  });

  it("history: another organization's events, streams and views are invisible", async () => {
    const page = await other.get('/api/v1/history').query({ per_page: 500 }).expect(200);
    expect(page.body.data.every((e: { metadata: { orgId: string } }) => e.metadata.orgId !== 'org-demo')).toBe(true);
    expect(page.body.data.some((e: { type: string }) => e.type === 'OrganizationCreated')).toBe(true);
    await other.get(`/api/v1/history/streams/notificationPolicyItem-${demoItemId}`).expect(404);
    await demo.get(`/api/v1/history/streams/notificationPolicyItem-${demoItemId}`).expect(200);
    const asOf = await other
      .get('/api/v1/history/as_of')
      .query({ view: 'notification-policy-items', position: 100000 })
      .expect(200);
    expect(asOf.body.data.collections.notification_policy_items).toEqual([]);
  });

  it("audit events: another organization's never appear in the list, the export or the feed", async () => {
    const theirs = await other.get('/api/v1/audit_events').query({ per_page: 500 }).expect(200);
    expect(theirs.body.data.some((e: { type: string }) => e.type === 'OrganizationCreated')).toBe(true);
    expect(theirs.body.data.every((e: { organization_id: string }) => e.organization_id !== 'org-demo')).toBe(true);
    const probe = await other
      .get('/api/v1/audit_events')
      .query({ resource: `notificationPolicyItem-${demoItemId}` })
      .expect(200);
    expect(probe.body.data).toEqual([]);
    for (const path of [
      '/api/v1/audit_events/export?format=ndjson&limit=10000',
      '/api/v1/audit_events/feed?wait=PT0S',
    ]) {
      const text = (
        await other
          .get(path)
          .buffer(true)
          .parse((res, done) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => done(null, body));
          })
          .expect(200)
      ).body as string;
      expect(text.length).toBeGreaterThan(0);
      expect(text).not.toContain(demoItemId);
      expect(text).not.toContain('org-demo');
    }
  });

  it('incidents: another organization sees none and reads, changes or steps through none (404)', async () => {
    const incidents = '/api/v1/incidents';
    const team = (
      await demo
        .post('/api/v1/teams')
        .send({ name: `Tenant incidents ${Date.now()}` })
        .expect(201)
    ).body.data.id as string;
    const ours = (await demo.post(incidents).send({ name: 'Ours', team_id: team }).expect(201)).body.data;
    const withWork = (await demo.post(`${incidents}/${ours.id}/tasks`).send({ title: 'Our task' }).expect(201)).body
      .data;
    await demo.post(`${incidents}/${ours.id}/follow_ups`).send({ title: 'Our follow-up' }).expect(201);
    await demo.post(`${incidents}/${ours.id}/links`).send({ url: 'https://ours.example.com' }).expect(201);
    const current = (await demo.get(`${incidents}/${ours.id}`).expect(200)).body.data;
    const [task, followUp, link] = [current.tasks[0].id, current.follow_ups[0].id, current.links[0].id];
    const position = withWork.position as number;
    const one = `${incidents}/${ours.id}`;

    expect((await other.get(incidents).expect(200)).body.data).toEqual([]);
    expect((await other.get(`${incidents}/tasks`).query({ state: 'all' }).expect(200)).body.data).toEqual([]);
    expect((await other.get(`${incidents}/follow_ups`).expect(200)).body.data).toEqual([]);
    for (const path of [
      one,
      `${one}/timeline`,
      `${one}/timeline.md`,
      `${one}/timeline.csv`,
      `${one}/changes`,
      `${one}/status_updates/draft?template_id=investigating`,
      `${one}/as_of?position=${position}`,
    ])
      expect([path, (await other.get(path)).status]).toEqual([path, 404]);
    const writes: Array<[string, 'post' | 'put' | 'patch' | 'delete', Record<string, unknown>]> = [
      [one, 'patch', { name: 'Theirs' }],
      [`${one}/milestones/mitigated`, 'put', { at: new Date().toISOString() }],
      [`${one}/roles/commander`, 'put', { user_id: null }],
      [`${one}/tasks`, 'post', { title: 'Theirs' }],
      [`${one}/tasks/${task}`, 'patch', { done: true }],
      [`${one}/tasks/${task}`, 'delete', {}],
      [`${one}/task_lists`, 'post', { task_list_id: 'none' }],
      [`${one}/follow_ups`, 'post', { title: 'Theirs' }],
      [`${one}/follow_ups/${followUp}`, 'patch', { status: 'done' }],
      [`${one}/notes`, 'post', { body: 'Theirs' }],
      [`${one}/status_updates`, 'post', { body: 'Theirs' }],
      [`${one}/links`, 'post', { url: 'https://theirs.example.com' }],
      [`${one}/links/${link}`, 'delete', {}],
      [`${one}/timeline/${position}/star`, 'put', { starred: true }],
      [`${one}/visit`, 'post', {}],
    ];
    for (const [path, method, body] of writes)
      expect([method, path, (await other[method](path).send(body)).status]).toEqual([method, path, 404]);
    // our team and alert are nobody's to name in another organization
    await other.post(incidents).send({ name: 'x', team_id: team }).expect(400);
    const after = (await demo.get(one).expect(200)).body.data;
    expect(after).toMatchObject({ name: 'Ours', position: current.position, starred: [] });
    expect(after.tasks).toHaveLength(1);
  });

  it('incident settings: each organization reads and saves its own, from its own defaults', async () => {
    const settings = '/api/v1/incident_settings';
    const ours = (await demo.get(settings).expect(200)).body.data;
    const saved = (
      await demo
        .put(`${settings}/conditions`)
        .send({
          expected_revision: ours.revisions.conditions,
          items: [...ours.conditions, { name: `Ours only ${Date.now()}` }].map(({ id, name }) => ({ id, name })),
        })
        .expect(200)
    ).body.data;
    const theirs = (await other.get(settings).expect(200)).body.data;
    expect(theirs.conditions.map((c: { id: string }) => c.id)).toEqual(['operational', 'degraded', 'outage']);
    expect(theirs.revisions.conditions).toBe(0);
    // an id of ours is no item of theirs, and their save leaves ours as it is
    const ourId = saved.conditions.at(-1).id;
    await other
      .put(`${settings}/conditions`)
      .send({ expected_revision: 0, items: [{ id: ourId, name: 'Taken' }] })
      .expect(400);
    await other
      .put(`${settings}/severities`)
      .send({ expected_revision: 0, items: [{ id: 'sev1', name: 'Theirs', rank: 1 }] })
      .expect(400);
    expect((await demo.get(settings).expect(200)).body.data).toEqual(saved);
  });

  it('retrospective templates: another organization lists only its own default and reaches none of ours (404)', async () => {
    const path = '/api/v1/retrospective_templates';
    const ours = (
      await demo
        .post(path)
        .send({ name: 'Isolated review', sections: [{ title: 'Summary', questions: ['What happened?'] }] })
        .expect(201)
    ).body.data;
    expect((await other.get(path).expect(200)).body.data.map((t: { id: string }) => t.id)).toEqual(['standard']);
    await other.get(`${path}/${ours.id}`).expect(404);
    await other.patch(`${path}/${ours.id}`).send({ revision: 1, name: 'Taken' }).expect(404);
    await other.post(`${path}/${ours.id}/copy`).send({}).expect(404);
    await other.delete(`${path}/${ours.id}`).expect(404);
    // each organization's default template is its own: changing one leaves the other's as it was
    await other.patch(`${path}/standard`).send({ revision: 0, name: 'Theirs' }).expect(200);
    expect((await demo.get(`${path}/standard`).expect(200)).body.data.name).not.toBe('Theirs');
    expect((await demo.get(`${path}/${ours.id}`).expect(200)).body.data.name).toBe('Isolated review');
  });

  it("retrospectives: another organization cannot read, export, start or work one of our incidents' (404)", async () => {
    const incident = (await demo.post('/api/v1/incidents').send({ name: 'Isolated retro' }).expect(201)).body.data;
    const path = `/api/v1/incidents/${incident.id}/retrospective`;
    await other.post(path).send({ template_id: 'standard' }).expect(404);
    const retro = (await demo.post(path).send({ template_id: 'standard' }).expect(201)).body.data;
    const question = retro.sections[0].questions[0].id;
    const factor = (await demo.post(`${path}/contributing_factors`).send({ text: 'Ours' }).expect(201)).body.data
      .contributing_factors[0].id;
    await other.get(path).expect(404);
    await other.get(`${path}.md`).expect(404);
    await other.get(`${path}.pdf`).expect(404);
    await other.post(path).send({ template_id: 'standard' }).expect(404);
    await other.put(`${path}/answers/${question}`).send({ answer: 'Theirs', revision: 0 }).expect(404);
    await other.post(`${path}/contributing_factors`).send({ text: 'Theirs' }).expect(404);
    await other.delete(`${path}/contributing_factors/${factor}`).expect(404);
    await other.put(`${path}/status`).send({ status: 'in_review' }).expect(404);
    const ours = (await demo.get(path).expect(200)).body.data;
    expect(ours.status).toBe('in_progress');
    expect(ours.answers[0].answer).toBe('');
    expect(ours.contributing_factors.map((f: { text: string }) => f.text)).toEqual(['Ours']);
  });

  it('heartbeats: another organization sees none, cannot read, change, rotate or delete them (404)', async () => {
    const team = (
      await demo
        .post('/api/v1/teams')
        .send({ name: `Tenant heartbeats ${Date.now()}` })
        .expect(201)
    ).body.data.id as string;
    const heartbeats = '/api/v1/signals/heartbeats';
    const id = (await demo.post(heartbeats).send({ name: 'Ours', team_id: team, interval: 'PT5M' }).expect(201)).body
      .data.id as string;
    expect((await other.get(heartbeats).expect(200)).body.data).toEqual([]);
    await other.get(`${heartbeats}/${id}`).expect(404);
    await other.patch(`${heartbeats}/${id}`).send({ name: 'Theirs' }).expect(404);
    await other.post(`${heartbeats}/${id}/rotate_token`).send({}).expect(404);
    await other.delete(`${heartbeats}/${id}`).expect(404);
    // nor name a team of this organization for one of their own
    await other.post(heartbeats).send({ name: 'x', team_id: team, interval: 'PT5M' }).expect(400);
    expect((await demo.get(`${heartbeats}/${id}`).expect(200)).body.data.name).toBe('Ours');
  });

  it('self-test: another organization never sees or sets ours, nor routes theirs to our team or policy', async () => {
    const team = (await demo.post('/api/v1/teams').send({ name: 'Self-test ours' }).expect(201)).body.data.id;
    const policy = (
      await demo
        .post(`/api/v1/teams/${team}/escalation_policies`)
        .send({ name: 'Ours', steps: [{ timeout: 'PT10M', targets: [{ type: 'team', id: team }] }] })
        .expect(201)
    ).body.data.id;
    const ours = { enabled: false, interval: 'PT10M', team_id: team, escalation_policy_id: policy };
    await demo.put(SELF_TEST_API).send(ours).expect(200);
    expect((await other.get(SELF_TEST_API).expect(200)).body.data.settings).toBeNull();
    // our team and policy are nobody's to name in another organization: refused, nothing made
    const refused = await other.put(SELF_TEST_API).send(ours).expect(400);
    expect(refused.body.fields).toEqual({ team_id: ['team_id must be a team of the organization'] });
    expect((await other.get(SELF_TEST_API).expect(200)).body.data.settings).toBeNull();
    expect((await other.get('/api/v1/signals/event_sources').expect(200)).body.data).toEqual([]);
    expect((await demo.get(SELF_TEST_API).expect(200)).body.data.settings).toMatchObject({
      interval: 'PT10M',
      team_id: team,
      escalation_policy_id: policy,
    });
  });

  it('API keys: another organization sees none, cannot read, rotate or revoke them (404); its key reaches nothing of ours', async () => {
    const ours = (
      await demo
        .post(API_KEYS_API)
        .send({ name: 'Ours', scopes: ['read_teams'] })
        .expect(201)
    ).body.data as ApiKeyWithSecret;
    expect((await other.get(API_KEYS_API).expect(200)).body.data).toEqual([]);
    await other.get(apiKeyPath(ours.id)).expect(404);
    await other.post(apiKeyRotatePath(ours.id)).send({}).expect(404);
    await other.delete(apiKeyPath(ours.id)).expect(404);
    await keyClient(app.url, ours.secret).get('/api/v1/teams').expect(200);

    // a key of the other organization holding every permission its owner has: our ids are still unknown to it
    const scopes = permissionsOf('owner');
    const theirs = keyClient(
      app.url,
      (await other.post(API_KEYS_API).send({ name: 'Theirs', scopes }).expect(201)).body.data.secret as string,
    );
    const items = '/api/v1/signals/notification_policy_items';
    await theirs.patch(`${items}/${demoItemId}`).send({ max_delay: 'PT1H' }).expect(404);
    await theirs.delete(`${items}/${demoItemId}`).expect(404);
    expect((await theirs.get(API_KEYS_API).expect(200)).body.data.map((k: { name: string }) => k.name)).toEqual([
      'Theirs',
    ]);
    await theirs.get(apiKeyPath(ours.id)).expect(404);
    await theirs.delete(apiKeyPath(ours.id)).expect(404);
    const team = (
      await demo
        .post('/api/v1/teams')
        .send({ name: `Keyed tenant ${Date.now()}` })
        .expect(201)
    ).body.data.id as string;
    await theirs.get(`/api/v1/teams/${team}`).expect(404);
    await theirs.patch(`/api/v1/teams/${team}`).send({ name: 'Theirs' }).expect(404);
    expect((await theirs.get('/api/v1/teams').expect(200)).body.data.map((t: { id: string }) => t.id)).not.toContain(
      team,
    );
    await keyClient(app.url, ours.secret).get(apiKeyPath(ours.id)).expect(403);
  });

  it('scheduled maintenances: another organization sees none, cannot read, change, cancel or end them, nor read what they held (404)', async () => {
    const maintenances = '/api/v1/incidents/maintenances';
    const window = { starts_at: '2099-01-01T22:00:00Z', ends_at: '2099-01-02T02:00:00Z' };
    const id = (
      await demo
        .post(maintenances)
        .send({ name: 'Ours', ...window, services: ['db'] })
        .expect(201)
    ).body.data.id as string;
    expect((await other.get(maintenances).expect(200)).body.data).toEqual([]);
    await other.get(`${maintenances}/${id}`).expect(404);
    await other.patch(`${maintenances}/${id}`).send({ name: 'Theirs' }).expect(404);
    await other.post(`${maintenances}/${id}/cancel`).send({}).expect(404);
    await other.post(`${maintenances}/${id}/end`).send({}).expect(404);
    await other.get(`${maintenances}/${id}/held_alerts`).expect(404);
    expect((await demo.get(`${maintenances}/${id}`).expect(200)).body.data).toMatchObject({
      name: 'Ours',
      status: 'scheduled',
    });
  });

  it("ops charts: another organization's owner sees none of this one's ingest", async () => {
    const teamId = (await demo.post('/api/v1/teams').send({ name: 'Ops isolation' }).expect(201)).body.data.id;
    const source = (
      await demo
        .post('/api/v1/signals/event_sources')
        .send({ name: 'Ops isolation', format: 'generic', team_id: teamId })
        .expect(201)
    ).body.data;
    await request(app.url)
      .post(`/ingest/${source.token}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ summary: 'Counted for the demo organization only' }))
      .expect(202);
    const points = async (client: Client) =>
      (await client.get(OPS_SERIES_API).query({ window: 'PT5M' }).expect(200)).body.data.points as OpsSeriesPoint[];
    // once a sample holds the alert (the demo organization sees it) ...
    await eventually(async () => (await points(demo)).some((p) => (p.ingest_rate ?? 0) > 0));
    // ... the other organization's series still shows no ingest
    expect((await points(other)).filter((p) => (p.ingest_rate ?? 0) > 0)).toEqual([]);
  });

  it('history never shows password hashes', async () => {
    const page = await demo.get('/api/v1/history').query({ type: 'UserRegistered', per_page: 10 }).expect(200);
    expect(page.body.data.length).toBeGreaterThan(0);
    for (const event of page.body.data) expect(event.data.passwordHash).toBe('[redacted]');
  });

  it("live notices: a socket of another organization does not hear this one's changes", async () => {
    const theirs = io(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: other.cookie },
    });
    const ours = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: demo.cookie } });
    const heard: ViewChangedNotice[] = [];
    theirs.on(SocketEvents.viewChanged, (n: ViewChangedNotice) => heard.push(n));
    await Promise.all([
      new Promise((r) => theirs.once(SocketEvents.resync, r)),
      new Promise((r) => ours.once(SocketEvents.resync, r)),
    ]);
    const oursHeard = new Promise<ViewChangedNotice>((resolve) => ours.on(SocketEvents.viewChanged, resolve));
    await demo.post(items).send({ priority: 'LOW', notification_group_method: 'any', max_delay: 'PT1H' }).expect(201);
    await oursHeard;
    expect(heard).toEqual([]);
    theirs.disconnect();
    ours.disconnect();
  });
});
