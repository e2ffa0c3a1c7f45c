import request from 'supertest';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';

const teams = '/api/v1/teams';
const MANAGE_TEAMS_REFUSAL =
  "The permission 'Manage teams' is required to perform this action on the organization. Contact your organization administrator for support.";

/** Who may read and change teams, and that another organization's teams do not exist for its users. */
describe('teams API: permissions and tenant isolation', () => {
  let app: TestApp;
  let owner: Client;
  let viewer: Client;
  let other: Client;
  let otherUserId: string;
  let memberId: string;
  let teamId: string;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    viewer = await signInAs(app.url, 'viewer');
    memberId = (await (await signInAs(app.url, 'member')).get('/api/v1/me').expect(200)).body.data.user.id;
    other = await signUpOtherOwner(app.url, 'teams-other', 'Other Owner');
    otherUserId = (await other.get('/api/v1/me').expect(200)).body.data.user.id;
    teamId = (await owner.post(teams).send({ name: 'Platform' }).expect(201)).body.data.id;
    await owner
      .post(`${teams}/${teamId}/memberships`)
      .send({ user_id: memberId, permissions: ['manage_alert_rules'] })
      .expect(201);
  });
  afterAll(() => app.close());

  const changes = (id: string, userId: string): Array<[string, (c: Client) => request.Test]> => [
    ['POST teams', (c) => c.post(teams).send({ name: 'Sneaky' })],
    ['PATCH teams/:id', (c) => c.patch(`${teams}/${id}`).send({ name: 'Sneaky' })],
    ['DELETE teams/:id', (c) => c.delete(`${teams}/${id}`)],
    ['GET teams/:id/member_options', (c) => c.get(`${teams}/${id}/member_options`)],
    [
      'POST teams/:id/memberships',
      (c) => c.post(`${teams}/${id}/memberships`).send({ user_id: userId, permissions: [] }),
    ],
    [
      'PATCH teams/:id/memberships/:userId',
      (c) => c.patch(`${teams}/${id}/memberships/${userId}`).send({ permissions: [] }),
    ],
    ['DELETE teams/:id/memberships/:userId', (c) => c.delete(`${teams}/${id}/memberships/${userId}`)],
  ];

  it('lets a viewer read teams but refuses every change with 403 naming manage_teams', async () => {
    expect((await viewer.get(teams).expect(200)).body.data.map((t: { id: string }) => t.id)).toContain(teamId);
    await viewer.get(`${teams}/${teamId}`).expect(200);
    for (const [label, call] of changes(teamId, memberId)) {
      const response = await call(viewer);
      expect([label, response.status]).toEqual([label, 403]);
      expect(response.body).toEqual({ error: 'forbidden', permission: 'manage_teams', message: MANAGE_TEAMS_REFUSAL });
    }
    const team = (await owner.get(`${teams}/${teamId}`).expect(200)).body.data;
    expect(team).toMatchObject({
      name: 'Platform',
      memberships: [{ user: { id: memberId }, permissions: ['manage_alert_rules'] }],
    });
  });

  it('lets a member (who holds manage_teams) create and change teams', async () => {
    const member = await signInAs(app.url, 'member');
    const created = await member.post(teams).send({ name: 'Member made' }).expect(201);
    await member
      .patch(`${teams}/${created.body.data.id}`)
      .send({ restrict_signals_resource_management: true })
      .expect(200);
  });

  it('refuses a signed-out caller with 401', async () => {
    await request(app.url).get(teams).expect(401);
    await request(app.url).get(`${teams}/${teamId}`).expect(401);
  });

  it("shows another organization none of this one's teams", async () => {
    const list = await other.get(teams).query({ per_page: 100 }).expect(200);
    expect(list.body).toEqual({ data: [], pagination: { page: 1, per_page: 100, total: 0, total_pages: 1 } });
    expect((await other.get(teams).query({ my_teams: true, lite: true }).expect(200)).body.data).toEqual([]);
  });

  it("answers 404 to another organization for every route naming this one's team, and changes nothing", async () => {
    const notFound = { error: 'not_found', message: 'Team not found' };
    expect((await other.get(`${teams}/${teamId}`).expect(404)).body).toEqual(notFound);
    for (const [label, call] of changes(teamId, memberId).slice(1)) {
      const response = await call(other);
      expect([label, response.status, response.body]).toEqual([label, 404, notFound]);
    }
    const team = (await owner.get(`${teams}/${teamId}`).expect(200)).body.data;
    expect(team).toMatchObject({
      name: 'Platform',
      memberships: [{ user: { id: memberId }, permissions: ['manage_alert_rules'] }],
    });
  });

  it("refuses to put another organization's user in a team, and keeps them out of the member options", async () => {
    const response = await owner
      .post(`${teams}/${teamId}/memberships`)
      .send({ user_id: otherUserId, permissions: [] })
      .expect(400);
    expect(response.body.fields).toEqual({ user_id: ['user_id must be a member of the organization'] });
    const options = await owner.get(`${teams}/${teamId}/member_options`).query({ per_page: 100 }).expect(200);
    expect(options.body.data.map((o: { id: string }) => o.id)).not.toContain(otherUserId);
  });

  it("keeps this organization's teams out of the other one's history", async () => {
    await other.get(`/api/v1/history/streams/team-${teamId}`).expect(404);
    await owner.get(`/api/v1/history/streams/team-${teamId}`).expect(200);
  });
});
