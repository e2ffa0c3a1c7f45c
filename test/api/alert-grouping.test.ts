import { ManualClock } from '@tocsin/platform';
import type { TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { demoUserId, type RecordingGateway, savePhone, startPagingApp } from '../support/paging';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';
import { createSource, createTeam, ingest, logs } from './signals-ingest.support';

const owner = demoUserId('owner');
const RULES = '/api/v1/signals/alert_grouping';
const GROUPS = '/api/v1/signals/alert_groups';
const MINUTE = 60_000;

/**
 * Alert grouping end to end (issue 20): a burst of alerts with one key pages once; the group lists its alerts and
 * acknowledging it acknowledges each of them (their timelines say so); a window that passed starts a new group.
 */
describe('alert grouping', () => {
  const clock = new ManualClock(Date.now());
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let client: Client;

  beforeAll(async () => {
    ({ app, gateway, close } = await startPagingApp({ clock }));
    client = await signInAs(app.url, 'owner');
    await savePhone(app.app, owner, 'sms', '+15550000101');
  });
  afterAll(() => close());

  /** A team paging the owner at once, a source on it and a grouping rule on `labels.service`. */
  async function setUp(name: string, window = 'PT10M') {
    const teamId = await createTeam(client, name);
    const steps = [{ timeout: 'PT10M', targets: [{ type: 'user', id: owner }] }];
    const policyId = (
      await client.post(`/api/v1/teams/${teamId}/escalation_policies`).send({ name, steps }).expect(201)
    ).body.data.id as string;
    const source = await createSource(client, {
      name,
      format: 'generic',
      team_id: teamId,
      escalation_policy_id: policyId,
    });
    const rule = (
      await client
        .post(RULES)
        .send({ team_id: teamId, name: `${name} by service`, fields: ['labels.service'], window })
        .expect(201)
    ).body.data;
    return { teamId, source, rule };
  }

  const send = async (token: string, dedupKey: string, service: string) => {
    const answer = await ingest(app.url, `/ingest/${token}`, {
      summary: `Errors on ${service} (${dedupKey})`,
      dedup_key: dedupKey,
      priority: 'HIGH',
      labels: { service },
    }).expect(202);
    return answer.body.data.results[0].alert_id as string;
  };

  /** The alert's group as the alerts view shows it, and whether it is the group's first (the one that pages). */
  const placeOf = async (alertId: string) => {
    const alert = await eventually(async () => {
      const found = await client.get(`/api/v1/signals/alerts/${alertId}`);
      return found.status === 200 && found.body.data;
    });
    if (!alert.group_id) return { groupId: null, role: null };
    const group = await eventually(async () => {
      const found = await client.get(`${GROUPS}/${alert.group_id}`);
      return found.status === 200 && found.body.data;
    });
    return { groupId: alert.group_id as string, role: group.first_alert_id === alertId ? 'first' : 'member' };
  };

  const pagesOf = (alertIds: string[]) => gateway.received.filter((p) => alertIds.includes(p.message.alertId));

  it('pages once for a burst of 100 alerts with one key, and lists them all in the group', async () => {
    const { source, rule } = await setUp('Burst');
    expect(rule).toMatchObject({ fields: ['labels.service'], window: 'PT10M', position: 0 });
    const alertIds = await Promise.all(Array.from({ length: 100 }, (_, i) => send(source.token, `burst-${i}`, 'api')));
    const places = await Promise.all(alertIds.map(placeOf));
    const firsts = alertIds.filter((_, i) => places[i].role === 'first');
    expect(firsts).toHaveLength(1);
    const groupId = places[0].groupId!;
    expect(new Set(places.map((p) => p.groupId))).toEqual(new Set([groupId]));

    await eventually(() => pagesOf(alertIds).length >= 1);
    // long enough for 99 more pages to have gone out, had any been due
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(pagesOf(alertIds)).toHaveLength(1);
    expect(pagesOf(alertIds)[0].message.alertId).toBe(firsts[0]);

    const group = await eventually(async () => {
      const found = (await client.get(`${GROUPS}/${groupId}`).expect(200)).body.data;
      return found.members.length === 100 && found;
    });
    expect(group).toMatchObject({ status: 'open', alert_count: 100, key: { 'labels.service': 'api' } });
    expect(group.members.filter((m: { first: boolean }) => m.first)).toHaveLength(1);
    const listed = (await client.get(GROUPS).expect(200)).body.data;
    expect(listed.map((g: { id: string }) => g.id)).toContain(groupId);

    // each decision is on the ingest log and on the alert
    const logged = await eventually(async () => {
      const page = (await client.get(logs).query({ source_id: source.id, per_page: 100 }).expect(200)).body.data;
      return page.length === 100 && page;
    });
    expect(logged.flatMap((e: { results: Array<{ group: unknown }> }) => e.results.map((r) => r.group))).toContainEqual(
      {
        group_id: groupId,
        role: 'member',
      },
    );
    const roles = logged.flatMap((e: { results: Array<{ group: { role: string } }> }) =>
      e.results.map((r) => r.group.role),
    );
    expect(roles.filter((role: string) => role === 'first')).toHaveLength(1);
    // the first alert's timeline says it opened the group
    const timeline = (await client.get(`/api/v1/signals/alerts/${firsts[0]}/timeline`).expect(200)).body.data;
    expect(timeline.find((e: { kind: string }) => e.kind === 'triggered')).toMatchObject({
      grouping: { groupId, role: 'first' },
    });
  });

  it('acknowledges every alert of the group with it, each timeline saying so, and resolves them with it', async () => {
    const { source } = await setUp('Acked');
    const alertIds: string[] = [];
    for (let i = 0; i < 5; i++) alertIds.push(await send(source.token, `acked-${i}`, 'db'));
    const groupId = (await placeOf(alertIds[0])).groupId!;
    await eventually(async () => (await client.get(`${GROUPS}/${groupId}`).expect(200)).body.data.members.length === 5);

    const acked = (await client.post(`${GROUPS}/${groupId}/acknowledge`).expect(200)).body.data;
    expect(acked.status).toBe('acknowledged');
    expect(acked.members.map((m: { status: string }) => m.status)).toEqual(Array(5).fill('acknowledged'));
    const timeline = (await client.get(`/api/v1/signals/alerts/${alertIds[3]}/timeline`).expect(200)).body.data;
    const entries = timeline as Array<{ kind: string; groupId?: string; grouping?: unknown }>;
    expect(entries.find((e) => e.kind === 'acknowledged')).toMatchObject({ groupId });
    expect(entries.find((e) => e.kind === 'triggered')).toMatchObject({ grouping: { groupId, role: 'member' } });

    // an alert joining the acknowledged group is acknowledged with it (nobody is paged for it)
    const late = await send(source.token, 'acked-late', 'db');
    expect(await placeOf(late)).toEqual({ groupId, role: 'member' });
    await eventually(async () => {
      const alert = (await client.get(`/api/v1/signals/alerts/${late}`).expect(200)).body.data;
      return alert.status === 'acknowledged';
    });

    const resolved = (await client.post(`${GROUPS}/${groupId}/resolve`).expect(200)).body.data;
    expect(resolved.status).toBe('resolved');
    expect(new Set(resolved.members.map((m: { status: string }) => m.status))).toEqual(new Set(['resolved']));
    // a resolved group is closed: the next alert of the key opens a new one, and pages
    const next = await send(source.token, 'acked-next', 'db');
    const nextPlace = await placeOf(next);
    expect(nextPlace.role).toBe('first');
    expect(nextPlace.groupId).not.toBe(groupId);
    await eventually(() => pagesOf([next]).length === 1);
  });

  it('starts a new group once the window passed with no new alert, and keeps keys apart', async () => {
    const { source } = await setUp('Windowed', 'PT5M');
    const first = await placeOf(await send(source.token, 'win-1', 'web'));
    expect(first.role).toBe('first');
    await clock.advance(4 * MINUTE);
    expect(await placeOf(await send(source.token, 'win-2', 'web'))).toEqual({ groupId: first.groupId, role: 'member' });
    // the window counts from the group's last alert: 4 + 4 minutes is still within it
    await clock.advance(4 * MINUTE);
    expect((await placeOf(await send(source.token, 'win-3', 'web'))).groupId).toBe(first.groupId);
    const otherKey = await placeOf(await send(source.token, 'win-4', 'mail'));
    expect(otherKey.role).toBe('first');
    expect(otherKey.groupId).not.toBe(first.groupId);
    await clock.advance(5 * MINUTE + 1000);
    const after = await placeOf(await send(source.token, 'win-5', 'web'));
    expect(after.role).toBe('first');
    expect(after.groupId).not.toBe(first.groupId);
    const old = (await client.get(`${GROUPS}/${first.groupId}`).expect(200)).body.data;
    expect(old.status).toBe('closed');
    const open = (await client.get(GROUPS).query({ status: 'open' }).expect(200)).body.data.map(
      (g: { id: string }) => g.id,
    );
    expect(open).toContain(after.groupId);
    expect(open).not.toContain(first.groupId);
    await client.get(GROUPS).query({ status: 'closed' }).expect(400);
  });

  it('refuses bad rules with field messages and writes nothing', async () => {
    const teamId = await createTeam(client, 'Bad input');
    const bad = await client
      .post(RULES)
      .send({ team_id: teamId, name: ' ', fields: ['nope', 'labels.ok'], window: 'PT25H' })
      .expect(400);
    const text = JSON.stringify(bad.body);
    expect(text).toContain('name is a required field');
    expect(text).toContain('window must be an ISO-8601 duration in whole minutes from PT1M to PT24H');
    expect(text).toMatch(/source, summary, priority or labels/);
    for (const body of [
      { team_id: teamId, name: 'x', fields: [], window: 'PT5M' },
      { team_id: teamId, name: 'x', fields: ['summary', 'summary'], window: 'PT5M' },
      { team_id: teamId, name: 'x', fields: ['summary'], window: 'PT30S' },
      { team_id: teamId, name: 'x', fields: ['summary'], window: 'P1D' },
      {
        team_id: teamId,
        name: 'x',
        fields: ['summary'],
        window: 'PT5M',
        conditions: [{ field: 'x', operator: 'equals' }],
      },
      { team_id: teamId, name: 'x', fields: 'summary', window: 'PT5M' },
      { team_id: teamId, name: 'x', fields: ['summary'], window: 'PT5M', position: 3 },
    ])
      await client.post(RULES).send(body).expect(400);
    await client
      .post(RULES)
      .send({ team_id: 'no-such-team', name: 'x', fields: ['summary'], window: 'PT5M' })
      .expect(404);
    const listed = (await client.get(RULES).query({ team_id: teamId }).expect(200)).body.data;
    expect(listed).toEqual([]);
  });

  it('orders rules per team, changes and deletes them', async () => {
    const teamId = await createTeam(client, 'Ordered');
    const make = (name: string, position?: number) =>
      client
        .post(RULES)
        .send({ team_id: teamId, name, fields: ['summary'], window: 'PT5M', position })
        .expect(201);
    const a = (await make('A')).body.data;
    const b = (await make('B', 0)).body.data;
    let listed = (await client.get(RULES).query({ team_id: teamId }).expect(200)).body.data;
    expect(listed.map((r: { name: string }) => r.name)).toEqual(['B', 'A']);
    const changed = (
      await client
        .patch(`${RULES}/${a.id}`)
        .send({ position: 0, window: 'PT1H', fields: ['source', 'priority'] })
        .expect(200)
    ).body.data;
    expect(changed).toMatchObject({ position: 0, window: 'PT1H', fields: ['source', 'priority'] });
    await client.patch(`${RULES}/${a.id}`).send({ window: 'PT0M' }).expect(400);
    await client.delete(`${RULES}/${b.id}`).expect(204);
    listed = (await client.get(RULES).query({ team_id: teamId }).expect(200)).body.data;
    expect(listed.map((r: { name: string; position: number }) => [r.name, r.position])).toEqual([['A', 0]]);
    await client.get(`${RULES}/${b.id}`).expect(404);
  });

  it('answers another organization 404 and follows the roles and the flag', async () => {
    const { rule, source } = await setUp('Guarded');
    const { groupId } = await placeOf(await send(source.token, 'guarded-1', 'x'));
    const stranger = await signUpOtherOwner(app.url, 'grouping-other');
    await stranger.get(`${RULES}/${rule.id}`).expect(404);
    await stranger.patch(`${RULES}/${rule.id}`).send({ name: 'mine' }).expect(404);
    await stranger.delete(`${RULES}/${rule.id}`).expect(404);
    await stranger.get(`${GROUPS}/${groupId}`).expect(404);
    await stranger.post(`${GROUPS}/${groupId}/acknowledge`).expect(404);
    await stranger.post(`${GROUPS}/${groupId}/resolve`).expect(404);
    // a rule of theirs on our team is "team not found"
    await stranger
      .post(RULES)
      .send({ team_id: rule.team_id, name: 'x', fields: ['summary'], window: 'PT5M' })
      .expect(404);
    expect((await stranger.get(RULES).expect(200)).body.data).toEqual([]);
    expect((await stranger.get(GROUPS).expect(200)).body.data).toEqual([]);
    expect((await client.get(`${RULES}/${rule.id}`).expect(200)).body.data.name).toBe(rule.name);
    const viewer = await signInAs(app.url, 'viewer');
    await viewer.get(RULES).expect(403);
    const collaborator = await signInAs(app.url, 'collaborator');
    await collaborator.get(RULES).expect(403);
    const member = await signInAs(app.url, 'member');
    await member.get(RULES).expect(200);
    await member.patch(`${RULES}/${rule.id}`).send({ name: 'Renamed by a member' }).expect(200);

    await client.put('/api/v1/organization/feature_flags/alertGrouping').send({ enabled: false }).expect(200);
    try {
      await client.get(RULES).expect(404);
      await client.get(`${GROUPS}/${groupId}`).expect(404);
      // off, alerts page on their own again
      const alone = await send(source.token, 'guarded-2', 'x');
      expect((await placeOf(alone)).groupId).toBeNull();
      await eventually(() => pagesOf([alone]).length === 1);
    } finally {
      await client.put('/api/v1/organization/feature_flags/alertGrouping').send({ enabled: true }).expect(200);
    }
  });
});
