import { escalationTargetsPath } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';

const teams = '/api/v1/teams';
const FLAG = '/api/v1/organization/feature_flags/rbacCandidateControl';

/**
 * The step target picker's call: whoever may edit a team's escalation policies (a member, by default) lists every
 * member and team of their own organization by name, searchable and paged, with no email or phone number.
 */
describe('escalation targets API', () => {
  let app: TestApp;
  let owner: Client;
  let member: Client;
  let viewer: Client;
  let other: Client;
  let memberId: string;
  let teamId: string;
  let otherTeamId: string;
  let otherUserId: string;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    member = await signInAs(app.url, 'member');
    viewer = await signInAs(app.url, 'viewer');
    memberId = (await member.get('/api/v1/me').expect(200)).body.data.user.id;
    other = await signUpOtherOwner(app.url, 'targets-other', 'Other Owner');
    otherUserId = (await other.get('/api/v1/me').expect(200)).body.data.user.id;
    teamId = (await owner.post(teams).send({ name: 'Database' }).expect(201)).body.data.id;
    await owner.post(teams).send({ name: 'Edge' }).expect(201);
    otherTeamId = (await other.post(teams).send({ name: 'Theirs' }).expect(201)).body.data.id;
  });
  afterAll(() => app.close());

  it("lists every member and team of the member's own organization, by name only", async () => {
    const users = (await owner.get('/api/v1/users?per_page=100').expect(200)).body.data as Array<{ id: string }>;
    const orgTeams = (await owner.get(`${teams}?lite=true&per_page=100`).expect(200)).body.data as Array<{
      id: string;
    }>;
    const answer = await member.get(`${escalationTargetsPath(teamId)}?per_page=100`).expect(200);
    const data = answer.body.data as Array<{ type: string; id: string; name: string }>;
    expect(data.filter((t) => t.type === 'user').map((t) => t.id)).toEqual(
      expect.arrayContaining(users.map((u) => u.id)),
    );
    expect(data.filter((t) => t.type === 'user')).toHaveLength(users.length);
    expect(
      data
        .filter((t) => t.type === 'team')
        .map((t) => t.id)
        .sort(),
    ).toEqual(orgTeams.map((t) => t.id).sort());
    expect(data).toContainEqual({ type: 'user', id: memberId, name: 'Demo Member' });
    expect(data.map((t) => t.id)).not.toContain(otherUserId);
    expect(data.map((t) => t.id)).not.toContain(otherTeamId);
    for (const target of data) expect(Object.keys(target).sort()).toEqual(['id', 'name', 'type']);
    expect(JSON.stringify(answer.body)).not.toMatch(/@|phone/i);
    expect(answer.body.pagination).toEqual({ page: 1, per_page: 100, total: data.length, total_pages: 1 });
  });

  it('searches names on the server (never emails) and pages the answer', async () => {
    const found = (await member.get(escalationTargetsPath(teamId)).query({ query: ' demo MEMBER ' }).expect(200)).body;
    expect(found.data).toEqual([{ type: 'user', id: memberId, name: 'Demo Member' }]);
    const byEmail = await member.get(escalationTargetsPath(teamId)).query({ query: 'demo.tocsin.dev' }).expect(200);
    expect(byEmail.body.data).toEqual([]);
    const teamsOnly = await member.get(escalationTargetsPath(teamId)).query({ query: 'edge' }).expect(200);
    expect(teamsOnly.body.data).toEqual([{ type: 'team', id: expect.any(String), name: 'Edge' }]);

    const all = (await member.get(`${escalationTargetsPath(teamId)}?per_page=100`).expect(200)).body.data;
    const second = await member.get(`${escalationTargetsPath(teamId)}?page=2&per_page=1`).expect(200);
    expect(second.body.data).toEqual([all[1]]);
    expect(second.body.pagination).toEqual({ page: 2, per_page: 1, total: all.length, total_pages: all.length });
  });

  it('refuses a viewer and a collaborator, and another organization answers as an unknown team', async () => {
    const refused = await viewer.get(escalationTargetsPath(teamId)).expect(403);
    expect(refused.body.permission).toBe('manage_escalation_policies');
    const collaborator = await signInAs(app.url, 'collaborator');
    await collaborator.get(escalationTargetsPath(teamId)).expect(403);
    await owner.get(escalationTargetsPath(teamId)).expect(200);
    await member.get(escalationTargetsPath(otherTeamId)).expect(404);
    await other.get(escalationTargetsPath(teamId)).expect(404);
  });

  it('answers a hostile query as text or with a 400 a person can act on, never a 5xx', async () => {
    for (const query of ['.*', '(a+)+$', '[', '\\', '%', '$where', '__proto__', 'constructor', '😀', ' ']) {
      const answer = await member.get(escalationTargetsPath(teamId)).query({ query });
      expect([answer.status, query]).toEqual([200, query]);
      expect(answer.body.data.filter((t: { name: string }) => !t.name.toLowerCase().includes(query.trim()))).toEqual(
        [],
      );
    }
    const tooLong = await member
      .get(escalationTargetsPath(teamId))
      .query({ query: 'a'.repeat(201) })
      .expect(400);
    expect(tooLong.body.fields).toEqual({ query: ['query must be at most 200 characters'] });
    const path = escalationTargetsPath(teamId);
    for (const search of [
      'query=a&query=b',
      'query=%00',
      'query[$ne]=x',
      'query[__proto__]=x',
      'page=0',
      'page=abc',
      'per_page=101',
      'per_page=-1',
      'page=1e400',
    ]) {
      const answer = await member.get(`${path}?${search}`);
      expect([answer.status, search]).toEqual([400, search]);
      expect(Object.keys(answer.body.fields ?? {}).length).toBeGreaterThan(0);
    }
  });

  it("with permissions deciding, a team restricting its signals resources opens its picker to the team's editors", async () => {
    const restricted = (
      await owner.post(teams).send({ name: 'Restricted', restrict_signals_resource_management: true }).expect(201)
    ).body.data.id;
    await owner.put(FLAG).send({ enabled: true }).expect(200);
    try {
      await member.get(escalationTargetsPath(restricted)).expect(403);
      await owner
        .post(`${teams}/${restricted}/memberships`)
        .send({ user_id: memberId, permissions: ['manage_escalation_policies'] })
        .expect(201);
      await member.get(escalationTargetsPath(restricted)).expect(200);
    } finally {
      await owner.put(FLAG).send({ enabled: false }).expect(200);
    }
  });
});
