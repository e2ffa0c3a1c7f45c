import request from 'supertest';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';

const teams = '/api/v1/teams';
const policiesOf = (teamId: string) => `${teams}/${teamId}/escalation_policies`;

/** A team's escalation policies over HTTP: the whole life of one, every bad input, and other organizations' ids. */
describe('escalation policies API', () => {
  let app: TestApp;
  let owner: Client;
  let viewer: Client;
  let other: Client;
  let memberId: string;
  let otherUserId: string;
  let teamId: string;
  let secondTeamId: string;
  let otherTeamId: string;
  /** The global position of the newest event: unchanged means nothing was written, by anyone. */
  const lastPosition = async () => {
    const all = await app.runtime.infra.eventStore.readAll({ after: null, maxCount: 1, direction: 'backwards' });
    return all[0]?.position ?? null;
  };
  const valid = () => ({
    name: 'Primary on-call',
    steps: [
      { timeout: 'PT5M', targets: [{ type: 'user', id: memberId }] },
      { timeout: 'PT30M', targets: [{ type: 'team', id: teamId }] },
    ],
    repeat: 2,
    ack_reminder: 'PT60M',
  });

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    viewer = await signInAs(app.url, 'viewer');
    memberId = (await (await signInAs(app.url, 'member')).get('/api/v1/me').expect(200)).body.data.user.id;
    other = await signUpOtherOwner(app.url, 'policies-other', 'Other Owner');
    otherUserId = (await other.get('/api/v1/me').expect(200)).body.data.user.id;
    teamId = (await owner.post(teams).send({ name: 'Database' }).expect(201)).body.data.id;
    secondTeamId = (await owner.post(teams).send({ name: 'Edge' }).expect(201)).body.data.id;
    otherTeamId = (await other.post(teams).send({ name: 'Theirs' }).expect(201)).body.data.id;
  });
  afterAll(() => app.close());

  it('creates, reads, lists, changes and deletes a policy, reading its own writes', async () => {
    const created = await owner.post(policiesOf(teamId)).send(valid()).expect(201);
    const policy = created.body.data;
    expect(policy).toEqual({
      id: expect.any(String),
      team_id: teamId,
      name: 'Primary on-call',
      steps: [
        { timeout: 'PT5M', targets: [{ type: 'user', id: memberId, name: 'Demo Member' }] },
        { timeout: 'PT30M', targets: [{ type: 'team', id: teamId, name: 'Database' }] },
      ],
      repeat: 2,
      ack_reminder: 'PT1H',
      revision: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await viewer.get(`${policiesOf(teamId)}/${policy.id}`).expect(200)).body.data).toEqual(policy);
    expect((await viewer.get(policiesOf(teamId)).expect(200)).body.data).toEqual([policy]);
    expect((await owner.get(policiesOf(secondTeamId)).expect(200)).body.data).toEqual([]);

    const changed = await owner
      .patch(`${policiesOf(teamId)}/${policy.id}`)
      .send({ repeat: 0, ack_reminder: null, name: ' Primary ' })
      .expect(200);
    expect(changed.body.data).toMatchObject({ name: 'Primary', repeat: 0, ack_reminder: null, revision: 1 });
    expect(changed.body.data.steps).toEqual(policy.steps);

    await owner.delete(`${policiesOf(teamId)}/${policy.id}`).expect(204);
    await owner.get(`${policiesOf(teamId)}/${policy.id}`).expect(404);
    await owner.delete(`${policiesOf(teamId)}/${policy.id}`).expect(404);
  });

  it('takes and answers step timeouts as ISO-8601 durations, in the canonical form', async () => {
    const { body } = await owner
      .post(policiesOf(teamId))
      .send({ ...valid(), steps: [{ timeout: 'PT90M', targets: [{ type: 'user', id: memberId }] }] })
      .expect(201);
    expect(body.data.steps.map((step: { timeout: string }) => step.timeout)).toEqual(['PT1H30M']);
    const changed = await owner
      .patch(`${policiesOf(teamId)}/${body.data.id}`)
      .send({ steps: [{ timeout: 'PT24H', targets: [{ type: 'user', id: memberId }] }] })
      .expect(200);
    expect(changed.body.data.steps[0].timeout).toBe('PT24H');
  });

  it('defaults repeat to 0 and the reminder to none', async () => {
    const { body } = await owner
      .post(policiesOf(teamId))
      .send({ name: 'Minimal', steps: [{ timeout: 'PT1M', targets: [{ type: 'user', id: memberId }] }] })
      .expect(201);
    expect(body.data).toMatchObject({ repeat: 0, ack_reminder: null });
  });

  it('takes the reminder after acknowledgement as an ISO-8601 duration from PT5M to PT24H, and null for none', async () => {
    const { body } = await owner
      .post(policiesOf(teamId))
      .send({ ...valid(), ack_reminder: 'PT5M' })
      .expect(201);
    expect(body.data.ack_reminder).toBe('PT5M');
    const path = `${policiesOf(teamId)}/${body.data.id}`;
    expect((await owner.patch(path).send({ ack_reminder: 'PT1440M' }).expect(200)).body.data.ack_reminder).toBe(
      'PT24H',
    );
    // a change that leaves it out keeps it; null turns it off
    expect((await owner.patch(path).send({ repeat: 1 }).expect(200)).body.data.ack_reminder).toBe('PT24H');
    expect((await owner.patch(path).send({ ack_reminder: null }).expect(200)).body.data.ack_reminder).toBeNull();
    // the minutes of before are a field the API no longer has
    const old = await owner.patch(path).send({ ack_reminder_minutes: 30 }).expect(400);
    expect(old.body.fields).toEqual({ ack_reminder_minutes: ['property ack_reminder_minutes should not exist'] });
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const before = await lastPosition();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ ...valid(), name: '' }, { name: ['name is a required field'] }],
      [{ ...valid(), name: 'x'.repeat(101) }, { name: ['name must be at most 100 characters'] }],
      [{ ...valid(), steps: [] }, { steps: ['steps must hold at least one step'] }],
      [{ ...valid(), steps: 'all' }, { steps: ['steps must be a list'] }],
      [
        { ...valid(), steps: Array.from({ length: 11 }, () => valid().steps[0]) },
        { steps: ['steps must hold at most 10 steps'] },
      ],
      [
        { ...valid(), steps: [{ timeout: 'PT0M', targets: [] }] },
        {
          'steps[0].timeout': ['steps[0].timeout must be an ISO-8601 duration in whole minutes from PT1M to PT24H'],
          'steps[0].targets': ['steps[0].targets must name at least one user or team'],
        },
      ],
      [
        { ...valid(), steps: [{ timeout: 5, targets: [{ type: 'rota', id: 's' }] }] },
        {
          'steps[0].timeout': ['steps[0].timeout must be an ISO-8601 duration in whole minutes from PT1M to PT24H'],
          'steps[0].targets[0].type': ['steps[0].targets[0].type must be one of user, team, schedule'],
        },
      ],
      [
        { ...valid(), steps: [{ timeout: 'PT1441M', targets: [{ type: 'user', id: memberId }] }] },
        {
          'steps[0].timeout': ['steps[0].timeout must be an ISO-8601 duration in whole minutes from PT1M to PT24H'],
        },
      ],
      [{ ...valid(), name: '   ' }, { name: ['name is a required field'] }],
      [{ ...valid(), steps: [5] }, { 'steps[0]': ['steps[0] must be an object with timeout and targets'] }],
      ...['PT90S', 'P1D', '15', 'PT', 'PT25H'].map((timeout): [unknown, Record<string, string[]>] => [
        { ...valid(), steps: [{ timeout, targets: [{ type: 'user', id: memberId }] }] },
        { 'steps[0].timeout': ['steps[0].timeout must be an ISO-8601 duration in whole minutes from PT1M to PT24H'] },
      ]),
      [
        { ...valid(), steps: [{ timeout_minutes: 5, targets: [{ type: 'user', id: memberId }] }] },
        {
          'steps[0].timeout': ['steps[0].timeout is a required field'],
          'steps[0].timeout_minutes': ['property timeout_minutes should not exist'],
        },
      ],
      [
        { ...valid(), steps: [{ timeout: 'PT5M', targets: ['me'] }] },
        { 'steps[0].targets[0]': ['steps[0].targets[0] must be an object with type and id'] },
      ],
      [
        { ...valid(), steps: [{ timeout: 'PT5M', targets: [{ type: 'user', id: 7 }], wait: 1 }] },
        {
          'steps[0].wait': ['property wait should not exist'],
          'steps[0].targets[0].id': ['steps[0].targets[0].id must be a `string` type'],
        },
      ],
      [{ ...valid(), repeat: 10 }, { repeat: ['repeat must be at most 9'] }],
      [{ ...valid(), repeat: -1 }, { repeat: ['repeat must be at least 0'] }],
      ...['PT4M', 'PT25H', 'PT1441M', 'PT5M30S', 'P1D', 'soon', 30, 'PT'].map(
        (ack_reminder): [unknown, Record<string, string[]>] => [
          { ...valid(), ack_reminder },
          {
            ack_reminder: [
              'ack_reminder must be an ISO-8601 duration in whole minutes from PT5M to PT24H, or null for no reminder',
            ],
          },
        ],
      ),
      [{ ...valid(), owner: 'me' }, { owner: ['property owner should not exist'] }],
    ];
    for (const [body, fields] of cases) {
      const response = await owner.post(policiesOf(teamId)).send(body as object);
      expect([JSON.stringify(body).slice(0, 80), response.status, response.body.fields]).toEqual([
        JSON.stringify(body).slice(0, 80),
        400,
        fields,
      ]);
    }
    const policy = (await owner.post(policiesOf(teamId)).send(valid()).expect(201)).body.data;
    const afterCreate = await lastPosition();
    const patch = await owner
      .patch(`${policiesOf(teamId)}/${policy.id}`)
      .send({ steps: [] })
      .expect(400);
    expect(patch.body.fields).toEqual({ steps: ['steps must hold at least one step'] });
    const nulls = await owner
      .patch(`${policiesOf(teamId)}/${policy.id}`)
      .send({ name: null, repeat: null })
      .expect(400);
    expect(nulls.body.fields).toEqual({ name: ['name is a required field'], repeat: ['repeat is a required field'] });
    await owner.post(policiesOf(teamId)).send([]).expect(400);
    expect(await lastPosition()).toBe(afterCreate);
    expect(before).not.toBe(afterCreate);
  });

  it("answers 404 for another organization's team, policy, user and team targets, writing nothing", async () => {
    const policy = (await owner.post(policiesOf(teamId)).send(valid()).expect(201)).body.data;
    const before = await lastPosition();
    // the other organization reaching into this one
    await other.get(policiesOf(teamId)).expect(404);
    await other.get(`${policiesOf(teamId)}/${policy.id}`).expect(404);
    await other.post(policiesOf(teamId)).send(valid()).expect(404);
    await other
      .patch(`${policiesOf(teamId)}/${policy.id}`)
      .send({ name: 'Mine' })
      .expect(404);
    await other.delete(`${policiesOf(teamId)}/${policy.id}`).expect(404);
    // ... or naming this organization's policy under its own team
    await other
      .patch(`${policiesOf(otherTeamId)}/${policy.id}`)
      .send({ name: 'Mine' })
      .expect(404);
    await other.delete(`${policiesOf(otherTeamId)}/${policy.id}`).expect(404);
    // this organization naming another team's policy, or targets of the other organization
    await owner.get(`${policiesOf(secondTeamId)}/${policy.id}`).expect(404);
    await owner
      .patch(`${policiesOf(secondTeamId)}/${policy.id}`)
      .send({ name: 'Moved?' })
      .expect(404);
    const strangerUser = await owner
      .post(policiesOf(teamId))
      .send({ ...valid(), steps: [{ timeout: 'PT5M', targets: [{ type: 'user', id: otherUserId }] }] })
      .expect(404);
    expect(strangerUser.body.fields).toEqual({
      'steps[0].targets[0].id': ['steps[0].targets[0]: no such user in this organization'],
    });
    const strangerTeam = await owner
      .patch(`${policiesOf(teamId)}/${policy.id}`)
      .send({ steps: [{ timeout: 'PT5M', targets: [{ type: 'team', id: otherTeamId }] }] })
      .expect(404);
    expect(strangerTeam.body.fields).toEqual({
      'steps[0].targets[0].id': ['steps[0].targets[0]: no such team in this organization'],
    });
    await owner.post(policiesOf('no-such-team')).send(valid()).expect(404);
    expect(await lastPosition()).toBe(before);
    expect((await owner.get(`${policiesOf(teamId)}/${policy.id}`).expect(200)).body.data).toEqual(policy);
  });

  it('refuses to delete the policy an event source defaults to, naming the source', async () => {
    const policy = (await owner.post(policiesOf(teamId)).send(valid()).expect(201)).body.data;
    const source = await owner
      .post('/api/v1/signals/event_sources')
      .send({ name: 'Grafana', format: 'generic', team_id: teamId, escalation_policy_id: policy.id })
      .expect(201);
    const { body } = await owner.delete(`${policiesOf(teamId)}/${policy.id}`).expect(409);
    expect(body.message).toBe('The escalation policy is used by event source "Grafana": route them elsewhere first');
    await owner
      .patch(`/api/v1/signals/event_sources/${source.body.data.id}`)
      .send({ escalation_policy_id: null })
      .expect(200);
    await owner.delete(`${policiesOf(teamId)}/${policy.id}`).expect(204);
  });

  it('lets a viewer read but not change policies; signed out is 401', async () => {
    const policy = (await owner.post(policiesOf(teamId)).send(valid()).expect(201)).body.data;
    const refusal = await viewer.post(policiesOf(teamId)).send(valid()).expect(403);
    expect(refusal.body.permission).toBe('manage_escalation_policies');
    await viewer
      .patch(`${policiesOf(teamId)}/${policy.id}`)
      .send({ name: 'x' })
      .expect(403);
    await viewer.delete(`${policiesOf(teamId)}/${policy.id}`).expect(403);
    await request(app.url).get(policiesOf(teamId)).expect(401);
  });

  it("with rbacCandidateControl, a team restricting its signals resources needs the team's permission", async () => {
    await owner.put('/api/v1/organization/feature_flags/rbacCandidateControl').send({ enabled: true }).expect(200);
    const restricted = (
      await owner.post(teams).send({ name: 'Restricted', restrict_signals_resource_management: true }).expect(201)
    ).body.data.id;
    const member = await signInAs(app.url, 'member');
    const body = { ...valid(), steps: [{ timeout: 'PT5M', targets: [{ type: 'user', id: memberId }] }] };
    const refusal = await member.post(policiesOf(restricted)).send(body).expect(403);
    expect(refusal.body.message).toContain(
      "'Manage escalation policies' is required to perform this action on the team Restricted",
    );
    await owner
      .post(`${teams}/${restricted}/memberships`)
      .send({ user_id: memberId, permissions: ['manage_escalation_policies'] })
      .expect(201);
    await member.post(policiesOf(restricted)).send(body).expect(201);
    await owner.put('/api/v1/organization/feature_flags/rbacCandidateControl').send({ enabled: false }).expect(200);
  });
});
