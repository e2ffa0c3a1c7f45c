import request from 'supertest';
import { ManualClock } from '@tocsin/platform';
import type { Heartbeat, HeartbeatWithSecrets } from '@tocsin/contracts';
import { eventually } from '../support/eventually';
import { demoUserId, savePhone, startPagingApp, type RecordingGateway } from '../support/paging';
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';
import type { TestApp } from '../support/app';
import { createTeam } from './signals-ingest.support';

const owner = demoUserId('owner');
const MINUTE = 60_000;
const heartbeats = '/api/v1/signals/heartbeats';
const PHONE = '+15550000071';

/**
 * Issue 20, "Heartbeats": a heartbeat pages through the normal routing when no ping comes within its interval and
 * grace, and its next ping resolves the alert. Time is the injected clock's: the checker's jobs run when it moves.
 */
describe('heartbeats', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let client: Client;
  let teamId: string;
  let policyId: string;
  const clock = new ManualClock(Date.now());
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  const pagesOf = (alertId: string) => gateway.received.filter((page) => page.message.alertId === alertId);
  const ping = (token: string, method: 'get' | 'post' = 'get') => request(app.url)[method](`/heartbeats/${token}`);
  const read = async (id: string) => (await client.get(`${heartbeats}/${id}`).expect(200)).body.data as Heartbeat;
  const create = async (body: Record<string, unknown>) =>
    (await client.post(heartbeats).send(body).expect(201)).body.data as HeartbeatWithSecrets;

  beforeAll(async () => {
    ({ app, gateway, close } = await startPagingApp({ clock }));
    await savePhone(app.app, owner, 'sms', PHONE);
    client = await signInAs(app.url, 'owner');
    teamId = await createTeam(client, 'Batch jobs');
    policyId = (
      await client
        .post(`/api/v1/teams/${teamId}/escalation_policies`)
        .send({ name: 'Batch on-call', steps: [{ timeout: 'PT10M', targets: [{ type: 'user', id: owner }] }] })
        .expect(201)
    ).body.data.id;
  });
  afterAll(() => close());

  it('pages when a beat is missed, resolves on the next beat, and pages again on the next miss', async () => {
    const created = await create({
      name: 'Nightly backup',
      team_id: teamId,
      escalation_policy_id: policyId,
      interval: 'PT5M',
      grace_period: 'PT1M',
    });
    expect(created).toMatchObject({ status: 'waiting', interval: 'PT5M', grace_period: 'PT1M', last_beat_at: null });
    expect(created.ping_url).toBe(`${app.url}/heartbeats/${created.token}`);
    expect(created.token).toMatch(/^[0-9a-f]{32}$/);
    // shown once: never in a read
    expect(await read(created.id)).not.toHaveProperty('token');

    const first = await ping(created.token!).expect(200);
    expect(first.body.data).toMatchObject({ status: 'up', last_beat_at: new Date(clock.now()).toISOString() });
    // beats in time: nothing pages however long it runs
    for (let i = 0; i < 3; i++) {
      await clock.advance(5 * MINUTE);
      await ping(created.token!, 'post').send('{"anything":"at all"}').expect(200);
    }
    await settle();
    expect(pagesOf(created.alert_id)).toEqual([]);

    // 6 minutes without a beat: missed, the owner is paged through the policy
    await clock.advance(6 * MINUTE);
    const page = await eventually(() => pagesOf(created.alert_id)[0]);
    expect(page.address).toBe(PHONE);
    expect(page.message.text).toContain('Heartbeat missed: Nightly backup');
    expect(
      await eventually(async () => ((await read(created.id)).status === 'missed' ? read(created.id) : null)),
    ).toMatchObject({
      status: 'missed',
    });
    const alert = (await client.get(`/api/v1/signals/alerts/${created.alert_id}`).expect(200)).body.data;
    expect(alert).toMatchObject({ status: 'triggered', source_id: created.id, team_id: teamId });

    // later checks do not page again while it stays missed
    await clock.advance(10 * MINUTE);
    await settle();
    expect(pagesOf(created.alert_id)).toHaveLength(1);

    // the next beat resolves the alert
    expect((await ping(created.token!).expect(200)).body.data.status).toBe('up');
    await eventually(
      async () =>
        (await client.get(`/api/v1/signals/alerts/${created.alert_id}`).expect(200)).body.data.status === 'resolved',
    );
    const timeline = (await client.get(`/api/v1/signals/alerts/${created.alert_id}/timeline`).expect(200)).body
      .data as Array<{ kind: string }>;
    expect(timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['triggered', 'resolved']));

    // the organization's history keeps the misses and recoveries, not every ping
    const history = async (type: string) =>
      (await client.get('/api/v1/history').query({ type, per_page: 100 }).expect(200)).body.data.filter(
        (e: { data: { heartbeatId?: string } }) => e.data.heartbeatId === created.id,
      ) as unknown[];
    expect(await history('HeartbeatMissed')).toHaveLength(1);
    expect(await history('HeartbeatRecovered')).toHaveLength(1);
    expect(await history('HeartbeatBeat')).toHaveLength(0);

    // a second miss: the same alert's next episode, paged again
    await clock.advance(6 * MINUTE);
    await eventually(() => pagesOf(created.alert_id).length === 2);
    const again = (await client.get(`/api/v1/signals/alerts/${created.alert_id}`).expect(200)).body.data;
    expect(again).toMatchObject({ status: 'triggered', episode: 2 });
  });

  it('misses from the creation when no beat ever comes', async () => {
    const created = await create({
      name: 'Never pings',
      team_id: teamId,
      escalation_policy_id: policyId,
      interval: 'PT1M',
      grace_period: 'PT0S',
    });
    await clock.advance(MINUTE + 1000);
    await eventually(() => pagesOf(created.alert_id).length === 1);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = (await client.get(heartbeats).expect(200)).body.pagination.total;
    const refused = await client
      .post(heartbeats)
      .send({ name: '', team_id: teamId, interval: 'PT30S', grace_period: 'PT25H' })
      .expect(400);
    expect(refused.body.fields).toMatchObject({
      interval: ['interval must be an ISO-8601 duration in whole minutes from PT1M to PT168H'],
      grace_period: ['grace_period must be an ISO-8601 duration in whole minutes from PT0S to PT24H'],
    });
    const noName = await client.post(heartbeats).send({ name: ' ', team_id: teamId, interval: 'PT5M' }).expect(400);
    expect(noName.body.fields).toEqual({ name: ['name is a required field'] });
    const noTeam = await client.post(heartbeats).send({ name: 'x', team_id: 'nope', interval: 'PT5M' }).expect(400);
    expect(noTeam.body.fields).toEqual({ team_id: ['team_id must be a team of the organization'] });
    const types = await client
      .post(heartbeats)
      .send({ name: 3, team_id: teamId, interval: 5, extra: true })
      .expect(400);
    expect(Object.keys(types.body.fields)).toEqual(expect.arrayContaining(['name', 'interval']));
    await client.post(heartbeats).send('not json').set('Content-Type', 'application/json').expect(400);
    expect((await client.get(heartbeats).expect(200)).body.pagination.total).toBe(before);
  });

  it('refuses unknown and rotated tokens; the new URL works at once', async () => {
    const created = await create({ name: 'Rotated', team_id: teamId, interval: 'PT10M' });
    await ping('0'.repeat(32)).expect(404);
    await ping('not-a-token').expect(404);
    const rotated = (await client.post(`${heartbeats}/${created.id}/rotate_token`).send({}).expect(201)).body
      .data as HeartbeatWithSecrets;
    expect(rotated.token).not.toBe(created.token);
    expect(rotated.token_hint).toBe(rotated.token!.slice(-4));
    await ping(created.token!).expect(404);
    await ping(rotated.token!).expect(200);
  });

  it('changes and deletes; a deleted heartbeat is not checked nor pinged', async () => {
    const created = await create({ name: 'Changing', team_id: teamId, interval: 'PT10M' });
    const changed = (
      await client.patch(`${heartbeats}/${created.id}`).send({ interval: 'PT2M', grace_period: 'PT0S' }).expect(200)
    ).body.data as Heartbeat;
    expect(changed).toMatchObject({ interval: 'PT2M', grace_period: 'PT0S' });
    await client.patch(`${heartbeats}/${created.id}`).send({ interval: 'P1D' }).expect(400);
    await client.delete(`${heartbeats}/${created.id}`).expect(204);
    await client.get(`${heartbeats}/${created.id}`).expect(404);
    await ping(created.token!).expect(404);
    await clock.advance(3 * MINUTE);
    await settle();
    expect(pagesOf(created.alert_id)).toEqual([]);
  });

  it('keeps its default team and policy: deleting either under it is refused, naming it', async () => {
    const team = await createTeam(client, `Defaults ${Date.now()}`);
    const policy = (
      await client
        .post(`/api/v1/teams/${team}/escalation_policies`)
        .send({ name: 'Defaults on-call', steps: [{ timeout: 'PT10M', targets: [{ type: 'user', id: owner }] }] })
        .expect(201)
    ).body.data.id as string;
    const created = await create({ name: 'Kept', team_id: team, escalation_policy_id: policy, interval: 'PT10M' });
    const policyRefused = await client.delete(`/api/v1/teams/${team}/escalation_policies/${policy}`).expect(409);
    expect(policyRefused.body.message).toContain('heartbeat "Kept"');
    const teamRefused = await client.delete(`/api/v1/teams/${team}`).expect(409);
    expect(teamRefused.body.message).toContain('heartbeat "Kept"');
    await client.delete(`${heartbeats}/${created.id}`).expect(204);
    await client.delete(`/api/v1/teams/${team}/escalation_policies/${policy}`).expect(204);
  });

  it('reads need read_event_sources, changes manage_event_sources', async () => {
    const created = await create({ name: 'Roles', team_id: teamId, interval: 'PT10M' });
    const viewer = await signInAs(app.url, 'viewer');
    const collaborator = await signInAs(app.url, 'collaborator');
    const member = await signInAs(app.url, 'member');
    for (const reader of [viewer, collaborator]) {
      await reader.get(heartbeats).expect(403);
      await reader.post(heartbeats).send({ name: 'x', team_id: teamId, interval: 'PT5M' }).expect(403);
      await reader.delete(`${heartbeats}/${created.id}`).expect(403);
    }
    expect((await member.get(`${heartbeats}/${created.id}`).expect(200)).body.data.name).toBe('Roles');
    await member.patch(`${heartbeats}/${created.id}`).send({ name: 'Roles 2' }).expect(200);
  });

  it("another organization's ids answer 404 and its list is empty", async () => {
    const created = await create({ name: 'Ours', team_id: teamId, interval: 'PT10M' });
    const email = `heartbeats-${Date.now()}@example.com`;
    await signUp(app.url, { name: 'Other', email, password: 'other-org-heartbeat-9', organization_name: 'Other Org' });
    const other = await signIn(app.url, email, 'other-org-heartbeat-9');
    expect((await other.get(heartbeats).expect(200)).body.data).toEqual([]);
    await other.get(`${heartbeats}/${created.id}`).expect(404);
    await other.patch(`${heartbeats}/${created.id}`).send({ name: 'Theirs' }).expect(404);
    await other.post(`${heartbeats}/${created.id}/rotate_token`).send({}).expect(404);
    await other.delete(`${heartbeats}/${created.id}`).expect(404);
    expect((await read(created.id)).name).toBe('Ours');
  });

  // last: it spends this address's minute of unknown tokens
  it('limits guessed tokens per address, never a known one', async () => {
    const created = await create({ name: 'Guessed at', team_id: teamId, interval: 'PT10M' });
    let limited: request.Response | null = null;
    for (let i = 0; i < 70 && !limited; i++) {
      const answer = await ping(i.toString(16).padStart(32, 'a'));
      if (answer.status === 429) limited = answer;
      else expect(answer.status).toBe(404);
    }
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited?.body.error).toBe('rate_limited');
    // the same address pinging a heartbeat it knows is not refused for it
    await clock.advance(MINUTE);
    await ping(created.token!).expect(200);
  });
});

/**
 * One organization cannot take every other's checks: it keeps at most HEARTBEATS_PER_ORGANIZATION heartbeats
 * (each is checked every period); beyond it a new one is refused with 409, and another organization still makes
 * its own.
 */
describe('heartbeats per organization', () => {
  let app: TestApp;
  let close: () => Promise<void>;

  beforeAll(
    async () =>
      ({ app, close } = await startPagingApp({ env: (g) => ({ ...g.env, HEARTBEATS_PER_ORGANIZATION: '2' }) })),
  );
  afterAll(() => close());

  it('refuses a heartbeat beyond the most, writing nothing, and not another organization', async () => {
    const client = await signInAs(app.url, 'owner');
    const teamId = await createTeam(client, 'Cron');
    const body = { team_id: teamId, interval: 'PT5M' };
    await client
      .post(heartbeats)
      .send({ ...body, name: 'One' })
      .expect(201);
    await client
      .post(heartbeats)
      .send({ ...body, name: 'Two' })
      .expect(201);
    const refused = await client
      .post(heartbeats)
      .send({ ...body, name: 'Three' })
      .expect(409);
    expect(refused.body.message).toBe(
      'This organization has 2 heartbeats, the most it may keep: delete one it no longer needs first',
    );
    expect((await client.get(heartbeats).expect(200)).body.pagination.total).toBe(2);

    const email = `heartbeats-cap-${Date.now()}@example.com`;
    await signUp(app.url, { name: 'Other', email, password: 'other-org-heartbeat-9', organization_name: 'Other Org' });
    const other = await signIn(app.url, email, 'other-org-heartbeat-9');
    const otherTeam = await createTeam(other, 'Their cron');
    await other.post(heartbeats).send({ team_id: otherTeam, interval: 'PT5M', name: 'Theirs' }).expect(201);
  });
});
