import request from 'supertest';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';
import { alertmanagerPayload, createSource, ingest } from './signals-ingest.support';
import { eventually } from '../support/eventually';

const teams = '/api/v1/teams';
const rulesOf = (teamId: string) => `${teams}/${teamId}/alert_rules`;
const policiesOf = (teamId: string) => `${teams}/${teamId}/escalation_policies`;

/** A team's alert rules over HTTP: order, every bad input, other teams' and organizations' ids, the preview. */
describe('alert rules API', () => {
  let app: TestApp;
  let owner: Client;
  let viewer: Client;
  let other: Client;
  let orgId: string;
  let teamId: string;
  let secondTeamId: string;
  let otherTeamId: string;
  let policyId: string;
  let secondTeamPolicyId: string;
  let otherPolicyId: string;
  const lastPosition = async () => {
    const all = await app.runtime.infra.eventStore.readAll({ after: null, maxCount: 1, direction: 'backwards' });
    return all[0]?.position ?? null;
  };
  const policy = async (client: Client, team: string, userId: string) =>
    (
      await client
        .post(policiesOf(team))
        .send({ name: 'Primary', steps: [{ timeout: 'PT5M', targets: [{ type: 'user', id: userId }] }] })
        .expect(201)
    ).body.data.id as string;
  const rule = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    conditions: [{ field: 'labels.service', operator: 'equals', value: 'postgres' }],
    action: { type: 'route', escalation_policy_id: policyId, priority: 'HIGH' },
    ...extra,
  });
  const names = async (team = teamId) =>
    (await owner.get(rulesOf(team)).expect(200)).body.data.map((r: { name: string }) => r.name);

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    viewer = await signInAs(app.url, 'viewer');
    const me = (await owner.get('/api/v1/me').expect(200)).body.data;
    orgId = me.organization?.id ?? me.user.organization_id;
    const ownerId = me.user.id;
    other = await signUpOtherOwner(app.url, 'rules-other', 'Other Owner');
    const otherUserId = (await other.get('/api/v1/me').expect(200)).body.data.user.id;
    teamId = (await owner.post(teams).send({ name: 'Database' }).expect(201)).body.data.id;
    secondTeamId = (await owner.post(teams).send({ name: 'Edge' }).expect(201)).body.data.id;
    otherTeamId = (await other.post(teams).send({ name: 'Theirs' }).expect(201)).body.data.id;
    policyId = await policy(owner, teamId, ownerId);
    secondTeamPolicyId = await policy(owner, secondTeamId, ownerId);
    otherPolicyId = await policy(other, otherTeamId, otherUserId);
  });
  afterAll(() => app.close());

  it('creates rules in order, inserts one at a place, moves, changes and deletes them', async () => {
    const first = (await owner.post(rulesOf(teamId)).send(rule(' Postgres ')).expect(201)).body.data;
    expect(first).toEqual({
      id: expect.any(String),
      team_id: teamId,
      name: 'Postgres',
      position: 0,
      conditions: [{ field: 'labels.service', operator: 'equals', value: 'postgres' }],
      action: { type: 'route', escalation_policy_id: policyId, priority: 'HIGH', escalation_policy_name: 'Primary' },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const drop = (
      await owner
        .post(rulesOf(teamId))
        .send({ name: 'Noise', conditions: [{ field: 'labels.env', operator: 'exists' }], action: { type: 'drop' } })
        .expect(201)
    ).body.data;
    expect(drop).toMatchObject({
      position: 1,
      action: { type: 'drop' },
      conditions: [{ field: 'labels.env', operator: 'exists' }],
    });
    await owner
      .post(rulesOf(teamId))
      .send(rule('Catch all', { conditions: [], position: 0 }))
      .expect(201);
    expect(await names()).toEqual(['Catch all', 'Postgres', 'Noise']);
    expect((await viewer.get(`${rulesOf(teamId)}/${drop.id}`).expect(200)).body.data.position).toBe(2);

    const moved = await owner
      .post(`${rulesOf(teamId)}/${drop.id}/move`)
      .send({ position: 0 })
      .expect(200);
    expect(moved.body.data.map((r: { name: string; position: number }) => [r.name, r.position])).toEqual([
      ['Noise', 0],
      ['Catch all', 1],
      ['Postgres', 2],
    ]);

    const changed = await owner
      .patch(`${rulesOf(teamId)}/${first.id}`)
      .send({ action: { type: 'route', escalation_policy_id: policyId } })
      .expect(200);
    expect(changed.body.data).toMatchObject({ name: 'Postgres', position: 2, action: { priority: null } });

    await owner.delete(`${rulesOf(teamId)}/${drop.id}`).expect(204);
    expect(await names()).toEqual(['Catch all', 'Postgres']);
    expect(
      (await owner.get(rulesOf(teamId)).expect(200)).body.data.map((r: { position: number }) => r.position),
    ).toEqual([0, 1]);
    await owner.delete(`${rulesOf(teamId)}/${drop.id}`).expect(404);
    await owner.get(`${rulesOf(teamId)}/${drop.id}`).expect(404);
  });

  it('refuses to delete an escalation policy a rule routes to', async () => {
    const { body } = await owner.delete(`${policiesOf(teamId)}/${policyId}`).expect(409);
    expect(body.message).toBe(
      'The escalation policy is used by alert rule "Catch all", alert rule "Postgres": route them elsewhere first',
    );
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const existing = (await owner.get(rulesOf(teamId)).expect(200)).body.data[0];
    const before = await lastPosition();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [rule(''), { name: ['name is a required field'] }],
      [rule('x'.repeat(101)), { name: ['name must be at most 100 characters'] }],
      [{ ...rule('No conditions'), conditions: undefined }, { conditions: ['conditions is a required field'] }],
      [rule('Bad', { conditions: 'all' }), { conditions: ['conditions must be a list'] }],
      [
        rule('Bad', { conditions: [{ field: 'host', operator: 'like', value: 'x' }] }),
        {
          'conditions[0].field': ['conditions[0].field must be source, summary, priority or labels.<name>'],
          'conditions[0].operator': ['conditions[0].operator must be one of equals, contains, matches, exists'],
        },
      ],
      [
        rule('Bad', { conditions: [{ field: 'summary', operator: 'matches', value: '([' }] }),
        {
          'conditions[0].value': [
            'conditions[0].value must be a valid regular expression (RE2 syntax: no look-arounds or back-references)',
          ],
        },
      ],
      [
        rule('Bad', { conditions: [{ field: 'summary', operator: 'contains' }] }),
        { 'conditions[0].value': ['conditions[0].value is a required field'] },
      ],
      [rule('Bad', { action: undefined }), { action: ['action is a required field'] }],
      [rule('Bad', { action: { type: 'page' } }), { 'action.type': ['action.type must be one of route, drop'] }],
      [
        rule('Bad', { action: { type: 'route', priority: 'URGENT' } }),
        {
          'action.escalation_policy_id': ['action.escalation_policy_id is a required field'],
          'action.priority': ['action.priority must be one of HIGH, MEDIUM, LOW'],
        },
      ],
      [rule('Bad', { position: -1 }), { position: ['position must be at least 0'] }],
      [rule('Bad', { position: 'first' }), { position: ['position must be a whole number'] }],
      [rule('Bad', { team_id: secondTeamId }), { team_id: ['property team_id should not exist'] }],
    ];
    for (const [body, fields] of cases) {
      const response = await owner.post(rulesOf(teamId)).send(body as object);
      expect([JSON.stringify(body).slice(0, 90), response.status, response.body.fields]).toEqual([
        JSON.stringify(body).slice(0, 90),
        400,
        fields,
      ]);
    }
    const patch = await owner
      .patch(`${rulesOf(teamId)}/${existing.id}`)
      .send({ name: ' ' })
      .expect(400);
    expect(patch.body.fields).toEqual({ name: ['name is a required field'] });
    const nulls = await owner
      .patch(`${rulesOf(teamId)}/${existing.id}`)
      .send({ conditions: null, action: null })
      .expect(400);
    expect(nulls.body.fields).toEqual({
      conditions: ['conditions is a required field'],
      action: ['action is a required field'],
    });
    const move = await owner
      .post(`${rulesOf(teamId)}/${existing.id}/move`)
      .send({ position: 99 })
      .expect(400);
    expect(move.body.fields).toEqual({ position: [expect.stringMatching(/^position must be at most \d+$/)] });
    await owner
      .post(`${rulesOf(teamId)}/${existing.id}/move`)
      .send({})
      .expect(400);
    expect(await lastPosition()).toBe(before);
  });

  it('refuses wrong types, unknown fields and bad conditions at any depth, naming the nested path, and writes nothing', async () => {
    const existing = (await owner.get(rulesOf(teamId)).expect(200)).body.data[0];
    const before = await lastPosition();
    const condition = { field: 'labels.service', operator: 'equals', value: 'postgres' };
    const cases: Array<[string, string, unknown, Record<string, string[]>]> = [
      ['post', rulesOf(teamId), rule('Typed', { name: 5 }), { name: ['name must be a `string` type'] }],
      [
        'post',
        rulesOf(teamId),
        rule('Typed', { conditions: [condition, 'service=db', { field: 'summary', operator: 'contains', value: 5 }] }),
        {
          'conditions[1]': ['conditions[1] must be an object with field, operator and value'],
          'conditions[2].value': ['conditions[2].value must be a `string` type'],
        },
      ],
      [
        'post',
        rulesOf(teamId),
        rule('Unknown', { conditions: [{ ...condition, negate: true }] }),
        { 'conditions[0].negate': ['property negate should not exist'] },
      ],
      [
        'post',
        rulesOf(teamId),
        rule('Nested', {
          name: ['Nested'],
          conditions: [condition, { field: 'priority', operator: 'equals', value: 'urgent' }],
          action: { type: 'route', escalation_policy_id: policyId, priority: 'HIGH', team_id: secondTeamId },
        }),
        {
          name: ['name must be a `string` type'],
          'conditions[1].value': ['conditions[1].value must be one of HIGH, MEDIUM, LOW'],
          'action.team_id': ['property team_id should not exist'],
        },
      ],
      [
        'post',
        rulesOf(teamId),
        rule('Typed', { action: 'drop' }),
        { action: ['action must be an object with a type'] },
      ],
      [
        'post',
        rulesOf(teamId),
        rule('Lists', { conditions: [[condition], [], condition], action: [{ type: 'drop' }] }),
        {
          'conditions[0]': ['conditions[0] must be an object with field, operator and value'],
          'conditions[1]': ['conditions[1] must be an object with field, operator and value'],
          action: ['action must be an object with a type'],
        },
      ],
      [
        'post',
        rulesOf(teamId),
        rule('Typed', { action: { type: 'route', escalation_policy_id: 7 }, position: 1.5 }),
        {
          'action.escalation_policy_id': ['action.escalation_policy_id must be a `string` type'],
          position: ['position must be a whole number'],
        },
      ],
      [
        'patch',
        `${rulesOf(teamId)}/${existing.id}`,
        { conditions: [{ field: 'summary', operator: 'matches', value: '([', flags: 'i' }] },
        {
          'conditions[0].flags': ['property flags should not exist'],
          'conditions[0].value': [
            'conditions[0].value must be a valid regular expression (RE2 syntax: no look-arounds or back-references)',
          ],
        },
      ],
      [
        'patch',
        `${rulesOf(teamId)}/${existing.id}`,
        { action: { type: 'drop', escalation_policy: policyId } },
        { 'action.escalation_policy': ['property escalation_policy should not exist'] },
      ],
      [
        'post',
        `${rulesOf(teamId)}/${existing.id}/move`,
        { position: '0' },
        { position: ['position must be a whole number'] },
      ],
      [
        'post',
        `${rulesOf(teamId)}/preview`,
        { conditions: [{ ...condition, label: 'service' }], limit: 10 },
        { 'conditions[0].label': ['property label should not exist'] },
      ],
    ];
    for (const [method, path, body, fields] of cases) {
      const response = await (method === 'patch' ? owner.patch(path) : owner.post(path)).send(body as object);
      expect([path, JSON.stringify(body).slice(0, 120), response.status, response.body]).toEqual([
        path,
        JSON.stringify(body).slice(0, 120),
        400,
        { error: 'invalid', message: `Invalid request: ${Object.values(fields)[0][0]}`, fields },
      ]);
    }
    // a list past the bound is refused whatever it holds: its items past the first after the bound are not judged
    // (each pattern costs a compile)
    const many = Array.from({ length: 1000 }, (_, i) => ({ field: 'summary', operator: 'matches', value: `([${i}` }));
    const refused = await owner
      .post(rulesOf(teamId))
      .send(rule('Many', { conditions: many }))
      .expect(400);
    expect(refused.body.fields.conditions).toEqual(['conditions must hold at most 20 conditions']);
    expect(Object.keys(refused.body.fields)).toHaveLength(22);
    expect(refused.body.fields['conditions[20].value']).toHaveLength(1);
    expect(await lastPosition()).toBe(before);
  });

  it("answers 404 for policies of another team or organization and for another organization's team and rules", async () => {
    const existing = (await owner.get(rulesOf(teamId)).expect(200)).body.data[0];
    const before = await lastPosition();
    for (const foreign of [secondTeamPolicyId, otherPolicyId, 'no-such-policy']) {
      const { body } = await owner
        .post(rulesOf(teamId))
        .send(rule('Elsewhere', { action: { type: 'route', escalation_policy_id: foreign } }))
        .expect(404);
      expect(body.fields).toEqual({
        'action.escalation_policy_id': ['action.escalation_policy_id: no such escalation policy in this team'],
      });
    }
    await owner
      .patch(`${rulesOf(teamId)}/${existing.id}`)
      .send({ action: { type: 'route', escalation_policy_id: otherPolicyId } })
      .expect(404);
    // a rule through another team of the same organization
    await owner.get(`${rulesOf(secondTeamId)}/${existing.id}`).expect(404);
    await owner
      .patch(`${rulesOf(secondTeamId)}/${existing.id}`)
      .send({ name: 'x' })
      .expect(404);
    await owner.delete(`${rulesOf(secondTeamId)}/${existing.id}`).expect(404);
    // the other organization
    await other.get(rulesOf(teamId)).expect(404);
    await other.get(`${rulesOf(teamId)}/${existing.id}`).expect(404);
    await other.post(rulesOf(teamId)).send(rule('Mine')).expect(404);
    await other
      .patch(`${rulesOf(teamId)}/${existing.id}`)
      .send({ name: 'Mine' })
      .expect(404);
    await other
      .post(`${rulesOf(teamId)}/${existing.id}/move`)
      .send({ position: 0 })
      .expect(404);
    await other.delete(`${rulesOf(teamId)}/${existing.id}`).expect(404);
    await other.delete(`${rulesOf(otherTeamId)}/${existing.id}`).expect(404);
    await other
      .post(`${rulesOf(teamId)}/preview`)
      .send({ conditions: [] })
      .expect(404);
    await other
      .post(rulesOf(otherTeamId))
      .send(rule('Theirs', { action: { type: 'route', escalation_policy_id: policyId } }))
      .expect(404);
    expect(await lastPosition()).toBe(before);
  });

  it('lets a viewer read but not change rules; signed out is 401', async () => {
    const existing = (await owner.get(rulesOf(teamId)).expect(200)).body.data[0];
    expect((await viewer.post(rulesOf(teamId)).send(rule('Viewer')).expect(403)).body.permission).toBe(
      'manage_alert_rules',
    );
    await viewer
      .patch(`${rulesOf(teamId)}/${existing.id}`)
      .send({ name: 'x' })
      .expect(403);
    await viewer
      .post(`${rulesOf(teamId)}/${existing.id}/move`)
      .send({ position: 0 })
      .expect(403);
    await viewer.delete(`${rulesOf(teamId)}/${existing.id}`).expect(403);
    await request(app.url).get(rulesOf(teamId)).expect(401);
  });

  it('refuses a pattern that compiles to a huge program, at save and at preview, and writes nothing', async () => {
    // 198 legal characters that compile to ~192,000 instructions: about a second of the process per condition
    const huge = `(${'abcdefghij'.repeat(19)}){1000}`;
    const conditions = Array.from({ length: 20 }, () => ({ field: 'summary', operator: 'matches', value: huge }));
    const tooComplex = (at: number) => [
      `conditions[${at}].value is too complex a pattern: it must compile to at most 250 steps ` +
        '(write + or * rather than large counts such as {1,200})',
    ];
    const before = await lastPosition();
    const created = await owner.post(rulesOf(teamId)).send(rule('Huge', { conditions })).expect(400);
    expect(created.body.fields['conditions[0].value']).toEqual(tooComplex(0));
    expect(created.body.fields['conditions[19].value']).toEqual(tooComplex(19));
    const existing = (await owner.get(rulesOf(teamId)).expect(200)).body.data[0];
    const changed = await owner
      .patch(`${rulesOf(teamId)}/${existing.id}`)
      .send({ conditions: [{ field: 'labels.service', operator: 'matches', value: huge }] })
      .expect(400);
    expect(changed.body.fields).toEqual({ 'conditions[0].value': tooComplex(0) });
    const previewed = await owner
      .post(`${rulesOf(teamId)}/preview`)
      .send({ conditions })
      .expect(400);
    expect(previewed.body.fields['conditions[7].value']).toEqual(tooComplex(7));
    expect(await lastPosition()).toBe(before);
  });

  it("refuses a rule that takes the team's patterns together past what routing one alert may run", async () => {
    // 199 instructions each: the team's first two fit in 500, a third is refused and nothing is written
    const heavy = {
      name: 'Heavy',
      conditions: [{ field: 'labels.host', operator: 'matches', value: '^[a-z]{1,98}$' }],
      action: { type: 'route', escalation_policy_id: secondTeamPolicyId },
    };
    await owner.post(rulesOf(secondTeamId)).send(heavy).expect(201);
    await owner.post(rulesOf(secondTeamId)).send(heavy).expect(201);
    const before = await lastPosition();
    const refused = await owner.post(rulesOf(secondTeamId)).send(heavy).expect(400);
    expect(refused.body.fields).toEqual({
      conditions: [
        "conditions: the patterns of a team's rules together must compile to at most 500 steps " +
          "(this rule's take 199, the team's other rules' 398): simplify or remove some",
      ],
    });
    expect(await lastPosition()).toBe(before);
    expect(await names(secondTeamId)).toEqual(['Heavy', 'Heavy']);
  });

  describe('preview', () => {
    beforeAll(async () => {
      // the alerts read model (i9-ingest) fills this collection; here its documents are written as it writes them
      const alert = (i: number, labels: Record<string, string>, org = orgId, team = teamId) => ({
        op: 'put' as const,
        collection: 'alerts',
        doc: {
          _id: `alert-${org}-${i}`,
          orgId: org,
          sourceId: i % 2 ? 'prometheus' : 'grafana',
          teamId: team,
          summary: `Alert number ${i}`,
          priority: i % 3 === 0 ? 'HIGH' : 'LOW',
          labels,
          triggered_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        },
      });
      const ops = [
        ...Array.from({ length: 60 }, (_, i) => alert(i, { service: i < 5 ? 'postgres' : 'web' })),
        alert(99, { service: 'postgres' }, 'another-org'),
        // the newest of the organization, but another team's: its rules are not this team's business
        ...Array.from({ length: 5 }, (_, i) => alert(100 + i, { service: 'postgres' }, orgId, secondTeamId)),
      ];
      await app.runtime.infra.readStore.commit('test-alerts', { position: 1, version: 1 }, ops);
    });

    it('shows which of the last 50 alerts (by default) the conditions match, newest first', async () => {
      const conditions = [{ field: 'labels.service', operator: 'equals', value: 'POSTGRES' }];
      const recent = await owner
        .post(`${rulesOf(teamId)}/preview`)
        .send({ conditions })
        .expect(200);
      // the five postgres alerts are the oldest of sixty: beyond the last fifty
      expect(recent.body.data).toEqual({ checked: 50, matched: [] });
      const more = await owner
        .post(`${rulesOf(teamId)}/preview`)
        .send({ conditions, limit: 200 })
        .expect(200);
      expect(more.body.data.checked).toBe(60);
      expect(more.body.data.matched.map((a: { id: string }) => a.id)).toEqual(
        [4, 3, 2, 1, 0].map((i) => `alert-${orgId}-${i}`),
      );
      expect(more.body.data.matched[0]).toEqual({
        id: `alert-${orgId}-4`,
        source_id: 'grafana',
        team_id: teamId,
        summary: 'Alert number 4',
        priority: 'LOW',
        labels: { service: 'postgres' },
        triggered_at: '2026-01-01T00:04:00.000Z',
      });
      const bySource = await owner
        .post(`${rulesOf(teamId)}/preview`)
        .send({
          conditions: [
            { field: 'source', operator: 'equals', value: 'prometheus' },
            { field: 'summary', operator: 'matches', value: '5\\d$' },
          ],
          limit: 10,
        })
        .expect(200);
      expect(bySource.body.data.matched.map((a: { summary: string }) => a.summary)).toEqual([
        'Alert number 59',
        'Alert number 57',
        'Alert number 55',
        'Alert number 53',
        'Alert number 51',
      ]);
      const all = await owner
        .post(`${rulesOf(teamId)}/preview`)
        .send({ conditions: [], limit: 3 })
        .expect(200);
      expect(all.body.data.matched).toHaveLength(3);
    });

    it('previews alerts that really came in through an ingest endpoint', async () => {
      const source = await createSource(owner, { name: 'Prometheus', format: 'alertmanager', team_id: teamId });
      const payload = alertmanagerPayload([
        { labels: { alertname: 'ReplicaLag', service: 'mysql' }, fingerprint: 'lag-1', summary: 'Replica lag on db-7' },
        { labels: { alertname: 'DiskFull', service: 'cache' }, fingerprint: 'disk-1', summary: 'Disk full on cache-2' },
      ]);
      await ingest(app.url, `/ingest/${source.token}/alertmanager`, payload).expect(202);
      const conditions = [
        { field: 'source', operator: 'equals', value: source.id },
        { field: 'labels.service', operator: 'equals', value: 'mysql' },
      ];
      const matched = await eventually(async () => {
        const { body } = await owner
          .post(`${rulesOf(teamId)}/preview`)
          .send({ conditions, limit: 200 })
          .expect(200);
        expect(body.data.matched).toHaveLength(1);
        return body.data.matched[0];
      });
      expect(matched).toMatchObject({
        source_id: source.id,
        summary: 'Replica lag on db-7',
        labels: { service: 'mysql' },
      });
    });

    it("is part of editing rules: a viewer may not run it, another organization's team is not found", async () => {
      const refused = await viewer
        .post(`${rulesOf(teamId)}/preview`)
        .send({ conditions: [{ field: 'summary', operator: 'matches', value: 'a' }] })
        .expect(403);
      expect(refused.body.permission).toBe('manage_alert_rules');
    });

    it('bounds the work of one preview: many patterns look at fewer alerts', async () => {
      const conditions = Array.from({ length: 20 }, (_, i) => ({
        field: 'summary',
        operator: 'matches',
        value: `^.|${i}`,
      }));
      const { body } = await owner
        .post(`${rulesOf(teamId)}/preview`)
        .send({ conditions, limit: 200 })
        .expect(200);
      // 500 pattern runs at most: 20 patterns on 25 alerts
      expect(body.data.checked).toBe(25);
      expect(body.data.matched).toHaveLength(25);
    });

    it('answers hostile patterns with a 4xx or a preview, never a 5xx', async () => {
      const hostile = [
        `${'('.repeat(99)}a${')'.repeat(99)}`,
        `${'(?:'.repeat(49)}a{2}${'){2}'.repeat(49)}`,
        'a{1001}',
        'a{99999999999999999999}',
        '(a{0,1000}){0,1000}',
        '[[:nope:]]',
        '\\p{Nope}',
        '\\x{110000}',
        '\\Qunterminated',
        '(?<=a)b',
        '(?<!a)b',
        '(?P<x>a)(?P<x>b)',
        'x**',
        '[z-a]',
        '\\',
        'a\ud800b',
        'a\u0000b',
        '{1,2}',
      ];
      for (const value of hostile) {
        const response = await owner
          .post(`${rulesOf(teamId)}/preview`)
          .send({ conditions: [{ field: 'summary', operator: 'matches', value }] });
        expect([value, response.status < 500, [200, 400].includes(response.status)]).toEqual([value, true, true]);
      }
    });

    it('refuses bad conditions and limits with field messages', async () => {
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [{}, { conditions: ['conditions is a required field'] }],
        [{ conditions: [], limit: 0 }, { limit: ['limit must be at least 1'] }],
        [{ conditions: [], limit: 201 }, { limit: ['limit must be at most 200'] }],
        [{ conditions: [], limit: '5' }, { limit: ['limit must be a whole number'] }],
        [
          { conditions: [{ field: 'summary', operator: 'matches', value: '(' }] },
          {
            'conditions[0].value': [
              'conditions[0].value must be a valid regular expression (RE2 syntax: no look-arounds or back-references)',
            ],
          },
        ],
      ];
      for (const [body, fields] of cases) {
        const response = await owner.post(`${rulesOf(teamId)}/preview`).send(body as object);
        expect([body, response.status, response.body.fields]).toEqual([body, 400, fields]);
      }
      await owner
        .post(`${rulesOf('no-such-team')}/preview`)
        .send({ conditions: [] })
        .expect(404);
    });
  });
});
