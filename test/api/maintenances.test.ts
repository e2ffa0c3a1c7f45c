import { ManualClock } from '@tocsin/platform';
import request from 'supertest';
import type { HeartbeatWithSecrets, Maintenance } from '@tocsin/contracts';
import { eventually } from '../support/eventually';
import { demoUserId, savePhone, startPagingApp, type RecordingGateway } from '../support/paging';
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';
import type { TestApp } from '../support/app';
import { ProjectionProgress } from '../../apps/api/src/shared/projection-progress';
import { alerts, createSource, createTeam, ingest, logs, type CreatedSource } from './signals-ingest.support';

const owner = demoUserId('owner');
const MINUTE = 60_000;
const maintenances = '/api/v1/incidents/maintenances';
const PHONE = '+15550000091';

/**
 * Issue 21, "Scheduled maintenances": an alert from a source a maintenance covers, during its window, is recorded
 * and pages nobody (its timeline and the ingest log say which maintenance holds it until when); at the window's
 * end, or when the maintenance is cancelled, an alert still firing pages as usual. Time is the injected clock's.
 */
describe('scheduled maintenances', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let client: Client;
  let source: CreatedSource;
  let other: CreatedSource;
  let teamId: string;
  let policyId: string;
  const clock = new ManualClock(Date.now());
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  const iso = (ms: number) => new Date(ms).toISOString();
  const pagesOf = (alertId: string) => gateway.received.filter((page) => page.message.alertId === alertId);
  const create = async (body: Record<string, unknown>, as = client) =>
    (await as.post(maintenances).send(body).expect(201)).body.data as Maintenance;
  const fire = async (token: string, body: Record<string, unknown>) =>
    (await ingest(app.url, `/ingest/${token}`, { priority: 'HIGH', ...body }).expect(202)).body.data.results[0] as {
      alert_id: string;
      outcome: string;
    };
  const timeline = async (alertId: string) =>
    (await client.get(`${alerts}/${alertId}/timeline`).expect(200)).body.data as Array<Record<string, unknown>>;

  beforeAll(async () => {
    ({ app, gateway, close } = await startPagingApp({ clock }));
    await savePhone(app.app, owner, 'sms', PHONE);
    client = await signInAs(app.url, 'owner');
    teamId = await createTeam(client, 'Storage');
    policyId = (
      await client
        .post(`/api/v1/teams/${teamId}/escalation_policies`)
        .send({ name: 'Storage on-call', steps: [{ timeout: 'PT10M', targets: [{ type: 'user', id: owner }] }] })
        .expect(201)
    ).body.data.id;
    source = await createSource(client, {
      name: 'Prometheus',
      format: 'generic',
      team_id: teamId,
      escalation_policy_id: policyId,
    });
    other = await createSource(client, {
      name: 'Grafana',
      format: 'generic',
      team_id: teamId,
      escalation_policy_id: policyId,
    });
  });
  afterAll(() => close());

  it('holds an alert during the window, says why, and pages it when the window ends', async () => {
    const start = clock.now() + MINUTE;
    const created = await create({
      name: 'Database upgrade',
      starts_at: iso(start),
      ends_at: iso(start + 30 * MINUTE),
      services: ['Postgres'],
      announcement: 'The primary database is upgraded tonight.',
    });
    expect(created).toMatchObject({ status: 'scheduled', services: ['Postgres'], source_ids: [] });

    // before the window: pages as usual
    const before = await fire(source.token, {
      summary: 'db slow',
      dedup_key: 'before',
      labels: { service: 'postgres' },
    });
    await eventually(() => pagesOf(before.alert_id).length === 1);

    await clock.advance(2 * MINUTE);
    expect((await client.get(`${maintenances}/${created.id}`).expect(200)).body.data.status).toBe('in_progress');
    // during: an alert whose service label names it (any case) is recorded and held; another service still pages
    const held = await fire(source.token, {
      summary: 'replication lag',
      dedup_key: 'lag',
      labels: { service: 'POSTGRES' },
    });
    expect(held.outcome).toBe('new_alert');
    const free = await fire(source.token, { summary: 'cache down', dedup_key: 'cache', labels: { service: 'redis' } });
    await eventually(() => pagesOf(free.alert_id).length === 1);
    await settle();
    expect(pagesOf(held.alert_id)).toEqual([]);
    const entries = await eventually(async () => {
      const t = await timeline(held.alert_id);
      return t.some((e) => e.kind === 'suppressed') ? t : null;
    });
    expect(entries.find((e) => e.kind === 'suppressed')).toMatchObject({
      maintenanceId: created.id,
      maintenanceName: 'Database upgrade',
      until: iso(start + 30 * MINUTE),
      service: 'POSTGRES',
    });
    const log = (await client.get(logs).query({ source_id: source.id }).expect(200)).body.data as Array<{
      results: Array<{ alert_id: string; suppressed: unknown }>;
    }>;
    const line = log.flatMap((entry) => entry.results).find((r) => r.alert_id === held.alert_id);
    expect(line?.suppressed).toEqual({
      maintenance_id: created.id,
      maintenance_name: 'Database upgrade',
      until: iso(start + 30 * MINUTE),
    });
    // a repeat during the window stays held; minutes pass and nobody is paged
    await fire(source.token, { summary: 'replication lag', dedup_key: 'lag', labels: { service: 'postgres' } });
    await clock.advance(20 * MINUTE);
    await settle();
    expect(pagesOf(held.alert_id)).toEqual([]);

    // the window ends with the alert still firing: it pages as usual, and the timeline says the hold ended
    await clock.advance(10 * MINUTE);
    const page = await eventually(() => pagesOf(held.alert_id)[0]);
    expect(page.address).toBe(PHONE);
    expect((await timeline(held.alert_id)).find((e) => e.kind === 'suppression_ended')).toMatchObject({
      reason: 'window_ended',
    });
    expect((await client.get(`${maintenances}/${created.id}`).expect(200)).body.data).toMatchObject({
      status: 'completed',
      suppressed_alerts: 1,
    });
    // after the window, a new alert pages at once
    const after = await fire(source.token, { summary: 'db slow', dedup_key: 'after', labels: { service: 'postgres' } });
    await eventually(() => pagesOf(after.alert_id).length === 1);
  });

  it('an alert resolved during the window never pages', async () => {
    const start = clock.now();
    await create({
      name: 'Quick fix',
      starts_at: iso(start - MINUTE),
      ends_at: iso(start + 10 * MINUTE),
      source_ids: [other.id],
    });
    const held = await fire(other.token, { summary: 'flap', dedup_key: 'flap' });
    await fire(other.token, { summary: 'flap', dedup_key: 'flap', status: 'resolve' });
    await clock.advance(11 * MINUTE);
    await settle();
    expect(pagesOf(held.alert_id)).toEqual([]);
  });

  it('cancelling mid-window pages the alerts it holds at once; a source chosen directly is held', async () => {
    const start = clock.now();
    const created = await create({
      name: 'Network work',
      starts_at: iso(start - MINUTE),
      ends_at: iso(start + 60 * MINUTE),
      source_ids: [other.id],
    });
    expect(created.status).toBe('in_progress');
    const held = await fire(other.token, { summary: 'packet loss', dedup_key: 'loss' });
    await eventually(async () => (await timeline(held.alert_id)).some((e) => e.kind === 'suppressed'));
    await settle();
    expect(pagesOf(held.alert_id)).toEqual([]);

    const cancelled = (await client.post(`${maintenances}/${created.id}/cancel`).send({}).expect(200)).body.data;
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    await eventually(() => pagesOf(held.alert_id).length === 1);
    expect((await timeline(held.alert_id)).find((e) => e.kind === 'suppression_ended')).toMatchObject({
      reason: 'cancelled',
    });
    // over: it cannot be changed or cancelled again
    await client.patch(`${maintenances}/${created.id}`).send({ name: 'Again' }).expect(409);
    await client.post(`${maintenances}/${created.id}/cancel`).send({}).expect(409);
  });

  it('ending early or shortening the window pages the held alerts at the new end', async () => {
    const start = clock.now();
    const created = await create({
      name: 'Storage move',
      starts_at: iso(start - MINUTE),
      ends_at: iso(start + 60 * MINUTE),
      source_ids: [other.id],
    });
    const held = await fire(other.token, { summary: 'disk latency', dedup_key: 'latency' });
    await eventually(async () => (await timeline(held.alert_id)).some((e) => e.kind === 'suppressed'));
    // shortened to end in 5 minutes: still held now, paged at the new end
    await client
      .patch(`${maintenances}/${created.id}`)
      .send({ ends_at: iso(start + 5 * MINUTE) })
      .expect(200);
    await eventually(async () =>
      (await timeline(held.alert_id)).some((e) => e.kind === 'suppressed' && e.until === iso(start + 5 * MINUTE)),
    );
    await settle();
    expect(pagesOf(held.alert_id)).toEqual([]);
    await clock.advance(5 * MINUTE);
    await eventually(() => pagesOf(held.alert_id).length === 1);

    const second = await create({
      name: 'Storage move 2',
      starts_at: iso(clock.now() - MINUTE),
      ends_at: iso(clock.now() + 60 * MINUTE),
      source_ids: [other.id],
    });
    const again = await fire(other.token, { summary: 'disk latency 2', dedup_key: 'latency-2' });
    await eventually(async () => (await timeline(again.alert_id)).some((e) => e.kind === 'suppressed'));
    expect((await client.post(`${maintenances}/${second.id}/end`).send({}).expect(200)).body.data).toMatchObject({
      status: 'completed',
    });
    await eventually(() => pagesOf(again.alert_id).length === 1);
  });

  it('a release on a maintenances view left behind fails and is tried again, never judging by the old window', async () => {
    const start = clock.now();
    const created = await create({
      name: 'Lagging view',
      starts_at: iso(start - MINUTE),
      ends_at: iso(start + 60 * MINUTE),
      source_ids: [other.id],
    });
    const held = await fire(other.token, { summary: 'lagging', dedup_key: 'lagging' });
    await eventually(async () => (await timeline(held.alert_id)).some((e) => e.kind === 'suppressed'));
    // the maintenances view answers that it has not caught up (a projector more than 5 s behind)
    const progress = app.app.get(ProjectionProgress);
    const real = progress.waitFor.bind(progress);
    let behind = true;
    const lagging = jest
      .spyOn(progress, 'waitFor')
      .mockImplementation(async (view, position, timeoutMs) =>
        view === 'maintenances' && behind && position !== null ? false : real(view, position, timeoutMs),
      );
    // the jobs that must not act on a stale view ask through catchUp (a request answering its write does not)
    const catchUps = jest.spyOn(progress, 'catchUp');
    let refusals = 0;
    catchUps.mockImplementation(async (...args) => {
      try {
        return await ProjectionProgress.prototype.catchUp.apply(progress, args);
      } catch (error) {
        refusals++;
        throw error;
      }
    });
    try {
      await client.post(`${maintenances}/${created.id}/cancel`).send({}).expect(200);
      // the release job ran, found the view behind and failed: nothing was decided, it waits for its retry
      await eventually(() => refusals >= 1);
      await settle();
      expect(pagesOf(held.alert_id)).toEqual([]);
      expect((await timeline(held.alert_id)).some((e) => e.kind === 'suppression_ended')).toBe(false);
      // still behind at the retry (2 s of clock later): it fails again
      await clock.advance(2_000);
      await eventually(() => refusals >= 2);
      await settle();
      expect(pagesOf(held.alert_id)).toEqual([]);
      // caught up by the next retry (4 s later): the cancellation pages the held alert
      behind = false;
      await clock.advance(4_000);
      await eventually(() => pagesOf(held.alert_id).length === 1);
      expect((await timeline(held.alert_id)).find((e) => e.kind === 'suppression_ended')).toMatchObject({
        reason: 'cancelled',
      });
    } finally {
      lagging.mockRestore();
      catchUps.mockRestore();
    }
  });

  it("the window's end reads the maintenance's own stream: a maintenances view stuck behind never keeps an alert held", async () => {
    const start = clock.now();
    await create({
      name: 'Stuck view',
      starts_at: iso(start - MINUTE),
      ends_at: iso(start + 10 * MINUTE),
      source_ids: [other.id],
    });
    const held = await fire(other.token, { summary: 'stuck view', dedup_key: 'stuck-view' });
    await eventually(async () => (await timeline(held.alert_id)).some((e) => e.kind === 'suppressed'));
    // from here the maintenances view never says it caught up
    const progress = app.app.get(ProjectionProgress);
    const real = progress.waitFor.bind(progress);
    const stuck = jest
      .spyOn(progress, 'waitFor')
      .mockImplementation(async (view, position, timeoutMs) =>
        view === 'maintenances' && position !== null ? false : real(view, position, timeoutMs),
      );
    try {
      await settle();
      expect(pagesOf(held.alert_id)).toEqual([]);
      await clock.advance(10 * MINUTE);
      await eventually(() => pagesOf(held.alert_id).length === 1);
      expect((await timeline(held.alert_id)).find((e) => e.kind === 'suppression_ended')).toMatchObject({
        reason: 'window_ended',
      });
    } finally {
      stuck.mockRestore();
    }
  });

  it("holds a missed heartbeat's alert like an ingested one when the maintenance chose the heartbeat", async () => {
    const beat = (
      await client
        .post('/api/v1/signals/heartbeats')
        .send({ name: 'Nightly backup', team_id: teamId, escalation_policy_id: policyId, interval: 'PT5M' })
        .expect(201)
    ).body.data as HeartbeatWithSecrets;
    await request(app.url).get(`/heartbeats/${beat.token}`).expect(200);
    const start = clock.now();
    const created = await create({
      name: 'Backup server move',
      starts_at: iso(start - MINUTE),
      ends_at: iso(start + 20 * MINUTE),
      source_ids: [beat.id],
    });
    expect(created.source_ids).toEqual([beat.id]);

    // 6 minutes without a beat (interval 5, grace 1): missed, the alert is recorded and held
    await clock.advance(6 * MINUTE);
    const entries = await eventually(async () => {
      const t = await timeline(beat.alert_id);
      return t.some((e) => e.kind === 'suppressed') ? t : null;
    });
    expect(entries.find((e) => e.kind === 'suppressed')).toMatchObject({
      maintenanceId: created.id,
      maintenanceName: 'Backup server move',
      until: iso(start + 20 * MINUTE),
    });
    const alert = (await client.get(`${alerts}/${beat.alert_id}`).expect(200)).body.data;
    expect(alert).toMatchObject({ status: 'triggered', source_id: beat.id });
    // the ingest log has its line, saying which maintenance holds it
    const log = (await client.get(logs).query({ source_id: beat.id }).expect(200)).body.data as Array<{
      format: string;
      outcome: string;
      results: Array<{ alert_id: string; outcome: string; suppressed: unknown }>;
    }>;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ format: 'heartbeat', outcome: 'new_alert' });
    expect(log[0]!.results[0]).toMatchObject({
      alert_id: beat.alert_id,
      suppressed: {
        maintenance_id: created.id,
        maintenance_name: 'Backup server move',
        until: iso(start + 20 * MINUTE),
      },
    });
    // later checks while it stays missed page nobody, and write no second line
    await clock.advance(10 * MINUTE);
    await settle();
    expect(pagesOf(beat.alert_id)).toEqual([]);
    expect((await client.get(logs).query({ source_id: beat.id }).expect(200)).body.data).toHaveLength(1);
    expect((await client.get(`${maintenances}/${created.id}`).expect(200)).body.data.suppressed_alerts).toBe(1);

    // the window ends with the heartbeat still silent: it pages as usual
    await clock.advance(5 * MINUTE);
    const page = await eventually(() => pagesOf(beat.alert_id)[0]);
    expect(page.message.text).toContain('Heartbeat missed: Nightly backup');
    expect((await timeline(beat.alert_id)).find((e) => e.kind === 'suppression_ended')).toMatchObject({
      reason: 'window_ended',
    });
    // the maintenance lists the alert it held, as the alert stands now
    const heldAlerts = (await client.get(`${maintenances}/${created.id}/held_alerts`).expect(200)).body;
    expect(heldAlerts).toEqual({
      data: [
        {
          alert_id: beat.alert_id,
          episode: 1,
          summary: expect.stringContaining('Heartbeat missed: Nightly backup'),
          status: 'triggered',
          source_id: beat.id,
          service: null,
        },
      ],
      total: 1,
    });
    await request(app.url).get(`/heartbeats/${beat.token}`).expect(200);
    // resolved by the next beat
    await eventually(async () => {
      const after = (await client.get(`${maintenances}/${created.id}/held_alerts`).expect(200)).body.data;
      return after[0]?.status === 'resolved';
    });
    const viewer = await signInAs(app.url, 'viewer');
    await viewer.get(`${maintenances}/${created.id}/held_alerts`).expect(200);

    // another organization cannot name this heartbeat in its maintenance
    const email = 'other-heartbeat-maintenances@example.com';
    await signUp(app.url, { name: 'Other', email, password: 'other-org-beat-9', organization_name: 'Beat Org' });
    const theirs = await signIn(app.url, email, 'other-org-beat-9');
    const refused = await theirs
      .post(maintenances)
      .send({ name: 'x', starts_at: iso(clock.now()), ends_at: iso(clock.now() + 5 * MINUTE), source_ids: [beat.id] })
      .expect(400);
    expect(refused.body.fields['source_ids[0]']).toEqual([
      'source_ids must be event sources or heartbeats of the organization',
    ]);
    await theirs.get(`${maintenances}/${created.id}/held_alerts`).expect(404);
  });

  it('lists by state, and refuses bad input with field messages', async () => {
    const now = clock.now();
    const upcoming = await create({
      name: 'Later',
      starts_at: iso(now + 60 * MINUTE),
      ends_at: iso(now + 90 * MINUTE),
      services: ['api'],
    });
    const ids = async (filter: string) =>
      ((await client.get(maintenances).query({ filter }).expect(200)).body.data as Maintenance[]).map((m) => m.id);
    expect(await ids('upcoming')).toContain(upcoming.id);
    expect(await ids('in_progress')).not.toContain(upcoming.id);
    expect(await ids('past')).not.toContain(upcoming.id);
    await client.get(maintenances).query({ filter: 'someday' }).expect(400);

    const refused = async (body: Record<string, unknown>) =>
      (await client.post(maintenances).send(body).expect(400)).body as { fields: Record<string, string[]> };
    const window = { starts_at: iso(now + MINUTE), ends_at: iso(now + 60 * MINUTE) };
    expect((await refused({ ...window, services: ['x'] })).fields.name).toEqual(['name is a required field']);
    expect((await refused({ name: 'x', ...window })).fields.services).toEqual([
      'Name at least one service or event source',
    ]);
    expect(
      (await refused({ name: 'x', starts_at: window.ends_at, ends_at: window.starts_at, services: ['a'] })).fields
        .ends_at,
    ).toEqual(['ends_at must be after starts_at']);
    expect(
      (await refused({ name: 'x', starts_at: iso(now), ends_at: iso(now + 31 * 24 * 60 * MINUTE), services: ['a'] }))
        .fields.ends_at,
    ).toEqual(['ends_at must be at most 30 days after starts_at']);
    expect(
      (await refused({ name: 'x', starts_at: 'tomorrow', ends_at: window.ends_at, services: ['a'] })).fields.starts_at,
    ).toBeDefined();
    expect((await refused({ name: 'x', ...window, services: 'a' })).fields.services).toBeDefined();
    expect((await refused({ name: 'x', ...window, source_ids: ['no-such-source'] })).fields['source_ids[0]']).toEqual([
      'source_ids must be event sources or heartbeats of the organization',
    ]);
    await client
      .post(maintenances)
      .send({ name: 'x', ...window, services: ['a'], extra: 1 })
      .expect(400);
  });

  it("keeps organizations apart: another's maintenance is not found, another's source is refused", async () => {
    const mine = await create({
      name: 'Ours',
      starts_at: iso(clock.now() + MINUTE),
      ends_at: iso(clock.now() + 9 * MINUTE),
      services: ['web'],
    });
    const email = 'other-maintenances@example.com';
    await signUp(app.url, { name: 'Other', email, password: 'other-org-maint-9', organization_name: 'Other Org' });
    const theirs = await signIn(app.url, email, 'other-org-maint-9');
    expect((await theirs.get(maintenances).expect(200)).body.data).toEqual([]);
    await theirs.get(`${maintenances}/${mine.id}`).expect(404);
    await theirs.patch(`${maintenances}/${mine.id}`).send({ name: 'Theirs' }).expect(404);
    await theirs.post(`${maintenances}/${mine.id}/cancel`).send({}).expect(404);
    await theirs.post(`${maintenances}/${mine.id}/end`).send({}).expect(404);
    const refused = await theirs
      .post(maintenances)
      .send({ name: 'x', starts_at: iso(clock.now()), ends_at: iso(clock.now() + MINUTE * 5), source_ids: [source.id] })
      .expect(400);
    expect(refused.body.fields['source_ids[0]']).toEqual([
      'source_ids must be event sources or heartbeats of the organization',
    ]);
    expect((await client.get(`${maintenances}/${mine.id}`).expect(200)).body.data.name).toBe('Ours');
  });

  it('viewers read; collaborators and up schedule, change and cancel', async () => {
    const viewer = await signInAs(app.url, 'viewer');
    const collaborator = await signInAs(app.url, 'collaborator');
    const body = {
      name: 'Roles',
      starts_at: iso(clock.now() + MINUTE),
      ends_at: iso(clock.now() + 9 * MINUTE),
      services: ['web'],
    };
    await viewer.get(maintenances).expect(200);
    await viewer.post(maintenances).send(body).expect(403);
    const made = await create(body, collaborator);
    await viewer.get(`${maintenances}/${made.id}`).expect(200);
    await viewer.patch(`${maintenances}/${made.id}`).send({ name: 'No' }).expect(403);
    await viewer.post(`${maintenances}/${made.id}/cancel`).send({}).expect(403);
    await collaborator.patch(`${maintenances}/${made.id}`).send({ name: 'Roles 2' }).expect(200);
    await collaborator.post(`${maintenances}/${made.id}/cancel`).send({}).expect(200);
    const member = await signInAs(app.url, 'member');
    await member.get(maintenances).expect(200);
  });
});
