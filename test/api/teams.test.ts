import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';

const teams = '/api/v1/teams';

describe('teams API', () => {
  let app: TestApp;
  let owner: Client;
  let viewer: Client;
  let memberId: string;
  let viewerId: string;
  const eventCount = async () => (await owner.get('/api/v1/history').query({ per_page: 500 })).body.data.length;
  const create = async (name: string, extra: Record<string, unknown> = {}) =>
    (
      await owner
        .post(teams)
        .send({ name, ...extra })
        .expect(201)
    ).body.data;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    viewer = await signInAs(app.url, 'viewer');
    memberId = (await (await signInAs(app.url, 'member')).get('/api/v1/me').expect(200)).body.data.user.id;
    viewerId = (await viewer.get('/api/v1/me').expect(200)).body.data.user.id;
  });
  afterAll(() => app.close());

  it('creates, reads, renames and deletes a team, reading its own writes', async () => {
    const team = await create('  Payments ', { restrict_signals_resource_management: true });
    expect(team).toEqual({
      id: expect.any(String),
      name: 'Payments',
      restrict_signals_resource_management: true,
      memberships: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await owner.get(`${teams}/${team.id}`).expect(200)).body.data).toEqual(team);

    const changed = await owner.patch(`${teams}/${team.id}`).send({ name: 'Billing' }).expect(200);
    expect(changed.body.data).toMatchObject({
      id: team.id,
      name: 'Billing',
      restrict_signals_resource_management: true,
    });
    const unrestricted = await owner
      .patch(`${teams}/${team.id}`)
      .send({ restrict_signals_resource_management: false })
      .expect(200);
    expect(unrestricted.body.data).toMatchObject({ name: 'Billing', restrict_signals_resource_management: false });

    await owner.delete(`${teams}/${team.id}`).expect(204);
    await owner.get(`${teams}/${team.id}`).expect(404);
    expect(
      (await owner.get(teams).query({ per_page: 100 }).expect(200)).body.data.map((t: { id: string }) => t.id),
    ).not.toContain(team.id);
    await owner.delete(`${teams}/${team.id}`).expect(404);
  });

  it('adds a member with team permissions, changes them and removes the member', async () => {
    const team = await create('On-call crew');
    const options = await owner.get(`${teams}/${team.id}/member_options`).query({ query: 'demo mem' }).expect(200);
    expect(options.body.data).toEqual([{ id: memberId, name: 'Demo Member', email: 'member@demo.tocsin.dev' }]);

    const added = await owner
      .post(`${teams}/${team.id}/memberships`)
      .send({ user_id: memberId, permissions: ['manage_escalation_policies', 'manage_alert_rules'] })
      .expect(201);
    expect(added.body.data.memberships).toEqual([
      {
        user: { id: memberId, name: 'Demo Member', email: 'member@demo.tocsin.dev' },
        permissions: ['manage_alert_rules', 'manage_escalation_policies'],
      },
    ]);
    const remaining = await owner.get(`${teams}/${team.id}/member_options`).expect(200);
    expect(remaining.body.data.map((o: { id: string }) => o.id)).not.toContain(memberId);
    expect(remaining.body.pagination).toEqual({ page: 1, per_page: 20, total: 3, total_pages: 1 });

    const changed = await owner
      .patch(`${teams}/${team.id}/memberships/${memberId}`)
      .send({ permissions: ['read_teams'] })
      .expect(200);
    expect(changed.body.data.memberships).toEqual([expect.objectContaining({ permissions: ['read_teams'] })]);

    await owner.delete(`${teams}/${team.id}/memberships/${memberId}`).expect(204);
    expect((await owner.get(`${teams}/${team.id}`).expect(200)).body.data.memberships).toEqual([]);
    await owner.delete(`${teams}/${team.id}/memberships/${memberId}`).expect(404);
    await owner.patch(`${teams}/${team.id}/memberships/${memberId}`).send({ permissions: [] }).expect(404);
  });

  it("lists the caller's own teams, light, by name, a page at a time", async () => {
    const names = ['zeta squad', 'Alpha squad', 'beta squad'];
    for (const name of names) {
      const team = await create(name);
      await owner.post(`${teams}/${team.id}/memberships`).send({ user_id: viewerId, permissions: [] }).expect(201);
    }
    await create('Not the viewer’s');

    const first = await viewer.get(teams).query({ my_teams: true, lite: true, per_page: 2 }).expect(200);
    expect(first.body).toEqual({
      data: [
        { id: expect.any(String), name: 'Alpha squad' },
        { id: expect.any(String), name: 'beta squad' },
      ],
      pagination: { page: 1, per_page: 2, total: 3, total_pages: 2 },
    });
    const second = await viewer.get(teams).query({ my_teams: 'true', lite: 'true', per_page: 2, page: 2 }).expect(200);
    expect(second.body.data.map((t: { name: string }) => t.name)).toEqual(['zeta squad']);

    const full = await viewer.get(teams).query({ my_teams: true }).expect(200);
    expect(full.body.pagination).toEqual({ page: 1, per_page: 20, total: 3, total_pages: 1 });
    expect(full.body.data[0]).toMatchObject({
      name: 'Alpha squad',
      memberships: [{ user: { id: viewerId, name: 'Demo Viewer' }, permissions: [] }],
    });

    const everything = await viewer.get(teams).query({ my_teams: false, per_page: 100 }).expect(200);
    expect(everything.body.data.map((t: { name: string }) => t.name)).toContain('Not the viewer’s');
    expect(everything.body.pagination.total).toBe(everything.body.data.length);
  });

  it.each([
    [{ page: 0 }, 'page', 'page must be at least 1'],
    [{ per_page: 101 }, 'per_page', 'per_page must be at most 100'],
    [{ per_page: 'many' }, 'per_page', 'per_page must be a whole number'],
    [{ my_teams: 'yes' }, 'my_teams', 'my_teams must be true or false'],
    [{ lite: 1 }, 'lite', 'lite must be true or false'],
    [{ sort: 'name' }, 'sort', 'property sort should not exist'],
  ])('refuses the list query %j with a 400 naming the field', async (query, field, message) => {
    const response = await owner.get(teams).query(query).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid' });
    expect(response.body.fields[field]).toContain(message);
  });

  describe('bad input: 400 naming the field, nothing written', () => {
    let teamId: string;
    beforeAll(async () => {
      teamId = (await create('Input checks')).id;
      await owner.post(`${teams}/${teamId}/memberships`).send({ user_id: memberId, permissions: [] }).expect(201);
    });

    it.each([
      ['POST', '', {}, 'name', 'name is a required field'],
      ['POST', '', { name: '   ' }, 'name', 'name is a required field'],
      ['POST', '', { name: 'x'.repeat(101) }, 'name', 'name must be at most 100 characters'],
      [
        'POST',
        '',
        { name: 'Ok', restrict_signals_resource_management: 'yes' },
        'restrict_signals_resource_management',
        'restrict_signals_resource_management must be true or false',
      ],
      ['POST', '', { name: 'Ok', colour: 'red' }, 'colour', 'property colour should not exist'],
      ['PATCH', '/:id', { name: '' }, 'name', 'name is a required field'],
      ['PATCH', '/:id', { name: 42 }, 'name', 'name must be a `string` type'],
      ['POST', '/:id/memberships', { permissions: [] }, 'user_id', 'user_id is a required field'],
      [
        'POST',
        '/:id/memberships',
        { user_id: 'nobody-here', permissions: [] },
        'user_id',
        'user_id must be a member of the organization',
      ],
      ['POST', '/:id/memberships', { user_id: 'x' }, 'permissions', 'permissions is a required field'],
      [
        'POST',
        '/:id/memberships',
        { user_id: 'x', permissions: ['fly', 'read_teams'] },
        'permissions',
        'permissions must be permission slugs; unknown: fly',
      ],
      [
        'PATCH',
        '/:id/memberships/:member',
        { permissions: 'read_teams' },
        'permissions',
        'permissions must be a list of permission slugs',
      ],
      [
        'PATCH',
        '/:id/memberships/:member',
        { permissions: ['admin'] },
        'permissions',
        'permissions must be permission slugs; unknown: admin',
      ],
    ])('%s teams%s %j', async (method, route, body, field, message) => {
      // a stranger's user_id is asked of a team that exists, so the answer is about the user, not the team
      const path = teams + route.replace(':id', teamId).replace(':member', memberId);
      const before = await eventCount();
      const response = await (method === 'POST' ? owner.post(path) : owner.patch(path)).send(body).expect(400);
      expect(response.body).toMatchObject({ error: 'invalid' });
      expect(response.body.fields[field]).toContain(message);
      expect(await eventCount()).toBe(before);
    });

    it('refuses to add a member twice (409), writing nothing', async () => {
      const before = await eventCount();
      const response = await owner
        .post(`${teams}/${teamId}/memberships`)
        .send({ user_id: memberId, permissions: ['read_teams'] })
        .expect(409);
      expect(response.body).toEqual({ error: 'conflict', message: 'This user is already a member of the team' });
      expect(await eventCount()).toBe(before);
    });
  });
});
