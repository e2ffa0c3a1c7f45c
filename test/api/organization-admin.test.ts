import request from 'supertest';
import { ManualClock } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { signIn, signInAs, type Client } from '../support/session';
import { acceptLinkIn, clientFromCookies, registerOrg, tokenOf } from './organization-admin.support';

const ADMIN = 'operator@tocsin.example';

/** Users, invitations, the organization, its roles, flags and entitlements, and staff sessions (SPEC.md sections 2, 3, 6, 7). */
describe('organization administration', () => {
  let app: TestApp;
  const clock = new ManualClock(Date.now());
  let owner: Client;
  let viewer: Client;
  let member: Client;
  let other: Client;
  let otherUserId: string;

  const mailbox = async (to: string) =>
    (await request(app.url).get('/api/v1/dev/mailbox').query({ to }).expect(200)).body.data;
  /** Invites `email` as the demo owner and returns the token from the link in the delivered email. */
  const invite = async (email: string, role = 'member') => {
    await owner.post('/api/v1/invitations').send({ email, role }).expect(201);
    return tokenOf(acceptLinkIn((await mailbox(email))[0].text));
  };

  beforeAll(async () => {
    app = await startApp({ clock, env: { ADMIN_EMAILS: `${ADMIN}, someone-else@tocsin.example` } });
    [owner, viewer, member] = await Promise.all([
      signInAs(app.url, 'owner'),
      signInAs(app.url, 'viewer'),
      signInAs(app.url, 'member'),
    ]);
    ({ client: other, userId: otherUserId } = await registerOrg(app.url, 'other-owner@example.com', 'Other Org'));
  });
  afterAll(() => app.close());

  describe('users', () => {
    it("lists the organization's members with their role and join date, 20 a page", async () => {
      const { body } = await owner.get('/api/v1/users').expect(200);
      expect(body.data.map((u: { email: string }) => u.email).sort()).toEqual(
        ['collaborator', 'member', 'owner', 'viewer'].map((r) => `${r}@demo.tocsin.dev`),
      );
      expect(body.data.find((u: { role: string }) => u.role === 'owner')).toEqual({
        id: expect.any(String),
        name: 'Demo Owner',
        email: 'owner@demo.tocsin.dev',
        role: 'owner',
        joined_at: expect.any(String),
      });
      expect(body.pagination).toEqual({ page: 1, per_page: 20, total: 4, total_pages: 1 });
      const first = await owner.get('/api/v1/users').query({ page: 1, per_page: 3 }).expect(200);
      const second = await owner.get('/api/v1/users').query({ page: 2, per_page: 3 }).expect(200);
      expect(second.body.pagination).toEqual({ page: 2, per_page: 3, total: 4, total_pages: 2 });
      const paged = [...first.body.data, ...second.body.data].map((u: { id: string }) => u.id);
      expect(first.body.data).toHaveLength(3);
      expect(paged.sort()).toEqual(body.data.map((u: { id: string }) => u.id).sort());
      expect((await other.get('/api/v1/users').expect(200)).body.data.map((u: { email: string }) => u.email)).toEqual([
        'other-owner@example.com',
      ]);
    });

    it('refuses a bad page and roles without read_users', async () => {
      const bad = await owner.get('/api/v1/users').query({ page: 0, per_page: 'many' }).expect(400);
      expect(Object.keys(bad.body.fields).sort()).toEqual(['page', 'per_page']);
      await viewer.get('/api/v1/users').expect(403);
      await member.get('/api/v1/users').expect(403);
      await request(app.url).get('/api/v1/users').expect(401);
    });

    it("changes a member's role; bad roles, missing permission and another organization's users are refused", async () => {
      const users = (await owner.get('/api/v1/users').expect(200)).body.data as Array<{ id: string; role: string }>;
      const collaborator = users.find((u) => u.role === 'collaborator')!;
      const changed = await owner.patch(`/api/v1/users/${collaborator.id}`).send({ role: 'member' }).expect(200);
      expect(changed.body.data).toMatchObject({ id: collaborator.id, role: 'member' });
      expect((await owner.get(`/api/v1/users/${collaborator.id}`).expect(200)).body.data.role).toBe('member');
      const collaboratorClient = await signInAs(app.url, 'collaborator');
      expect((await collaboratorClient.get('/api/v1/me').expect(200)).body.data.user.role).toBe('member');
      await owner.patch(`/api/v1/users/${collaborator.id}`).send({ role: 'collaborator' }).expect(200);

      const bad = await owner.patch(`/api/v1/users/${collaborator.id}`).send({ role: 'admin', extra: 1 }).expect(400);
      expect(bad.body.fields).toEqual({
        role: ['role must be one of viewer, collaborator, member, owner'],
        extra: ['property extra should not exist'],
      });
      await member.patch(`/api/v1/users/${collaborator.id}`).send({ role: 'owner' }).expect(403);
      await owner.get(`/api/v1/users/${otherUserId}`).expect(404);
      const foreign = await owner.patch(`/api/v1/users/${otherUserId}`).send({ role: 'viewer' }).expect(404);
      expect(foreign.body).toEqual({ error: 'not_found', message: 'User not found' });
      await owner.delete(`/api/v1/users/${otherUserId}`).expect(404);
      expect((await other.get('/api/v1/me').expect(200)).body.data.user.role).toBe('owner');
    });

    it('keeps the last owner: neither demoted nor removed', async () => {
      const me = (await owner.get('/api/v1/me').expect(200)).body.data.user;
      const demoted = await owner.patch(`/api/v1/users/${me.id}`).send({ role: 'viewer' }).expect(409);
      expect(demoted.body).toEqual({ error: 'conflict', message: 'An organization needs at least one owner' });
      await owner.delete(`/api/v1/users/${me.id}`).expect(409);
      expect((await owner.get('/api/v1/me').expect(200)).body.data.user.role).toBe('owner');
    });

    it('removes a member: gone from the list, and their session no longer opens the organization', async () => {
      const token = await invite('leaving@example.com', 'viewer');
      const leaving = request.agent(app.url);
      await leaving
        .post(`/api/v1/invitations/${token}/accept`)
        .send({ name: 'Leaving', password: 'long-enough-secret' })
        .expect(201);
      const id = (await leaving.get('/api/v1/me').expect(200)).body.data.user.id;
      await viewer.delete(`/api/v1/users/${id}`).expect(403);
      await owner.delete(`/api/v1/users/${id}`).expect(204);
      await owner.get(`/api/v1/users/${id}`).expect(404);
      expect(await app.runtime.infra.readStore.count('sessions', { userId: id })).toBe(0);
      await leaving.get('/api/v1/me').expect(401);
      const again = await request(app.url)
        .post('/sessions')
        .send({ email: 'leaving@example.com', password: 'long-enough-secret' })
        .expect(403);
      expect(again.body.error).toBe('no_organization');
    });
  });

  describe('invitations', () => {
    it('emails a link; the invitee signs up with it and lands in the organization with the invited role', async () => {
      const sent = await owner
        .post('/api/v1/invitations')
        .send({ email: ' New.Person@Example.com ', role: 'collaborator' })
        .expect(201);
      expect(sent.body.data).toEqual({
        id: expect.any(String),
        email: 'new.person@example.com',
        role: 'collaborator',
        expires_at: expect.any(String),
        created_at: expect.any(String),
        invited_by: expect.any(String),
      });
      expect(Date.parse(sent.body.data.expires_at) - clock.now()).toBe(7 * 86_400_000);
      const [mail] = await mailbox('new.person@example.com');
      expect(mail.subject).toBe('Demo Owner invited you to Demo Organization on Tocsin');
      const link = acceptLinkIn(mail.text);
      expect(link.startsWith(`${app.url}/invitations/`)).toBe(true);
      const token = tokenOf(link);
      expect(
        (await owner.get('/api/v1/invitations').expect(200)).body.data.map((i: { email: string }) => i.email),
      ).toContain('new.person@example.com');

      const preview = await request(app.url).get(`/api/v1/invitations/${token}`).expect(200);
      expect(preview.body.data).toEqual({
        organization_name: 'Demo Organization',
        email: 'new.person@example.com',
        role: 'collaborator',
        existing_user: false,
      });

      const invitee = request.agent(app.url);
      const missing = await invitee.post(`/api/v1/invitations/${token}/accept`).send({}).expect(400);
      expect(missing.body.fields).toEqual({
        name: ['name is a required field'],
        password: ['password is a required field'],
      });
      await invitee.post(`/api/v1/invitations/${token}/accept`).send({ name: 'New', password: 'short' }).expect(400);
      const accepted = await invitee
        .post(`/api/v1/invitations/${token}/accept`)
        .send({ name: 'New Person', password: 'long-enough-secret' })
        .expect(201);
      expect(accepted.body.data).toEqual({ organization_id: 'org-demo' });
      const me = (await invitee.get('/api/v1/me').expect(200)).body.data;
      expect(me.user).toMatchObject({
        name: 'New Person',
        email: 'new.person@example.com',
        role: 'collaborator',
        defaultOrganization: 'org-demo',
      });
      expect(me.organization.id).toBe('org-demo');

      await request(app.url).get(`/api/v1/invitations/${token}`).expect(404);
      await request
        .agent(app.url)
        .post(`/api/v1/invitations/${token}/accept`)
        .send({ name: 'Again', password: 'long-enough-secret' })
        .expect(404);
      expect(
        (await owner.get('/api/v1/invitations').expect(200)).body.data.map((i: { email: string }) => i.email),
      ).not.toContain('new.person@example.com');
      await signIn(app.url, 'new.person@example.com', 'long-enough-secret');
    });

    it('lets a signed-in user with the invited address join; another address is refused', async () => {
      const { client: guest } = await registerOrg(app.url, 'guest@example.com', 'Guest Org');
      const token = await invite('guest@example.com', 'viewer');
      expect((await request(app.url).get(`/api/v1/invitations/${token}`).expect(200)).body.data.existing_user).toBe(
        true,
      );
      const wrong = await other.post(`/api/v1/invitations/${token}/accept`).send({}).expect(403);
      expect(wrong.body.message).toBe(
        'This invitation was sent to guest@example.com. Sign in with that address to accept it.',
      );
      const taken = await request(app.url)
        .post(`/api/v1/invitations/${token}/accept`)
        .send({ name: 'Guest', password: 'long-enough-secret' })
        .expect(409);
      expect(taken.body.fields).toEqual({ email: ['has already been taken'] });
      await guest.post(`/api/v1/invitations/${token}/accept`).send({}).expect(201);
      const me = (await guest.get('/api/v1/me').expect(200)).body.data;
      expect(me.organization.id).toBe('org-demo');
      expect(me.user.role).toBe('viewer');
      expect(me.organizations.map((o: { name: string }) => o.name).sort()).toEqual(['Demo Organization', 'Guest Org']);
    });

    it('refuses bad input, members, duplicates and roles without manage_users, writing nothing', async () => {
      const bad = await owner.post('/api/v1/invitations').send({ email: 'nope', role: 'king' }).expect(400);
      expect(bad.body.fields).toEqual({
        email: ['email must be a valid email'],
        role: ['role must be one of viewer, collaborator, member, owner'],
      });
      await owner
        .post('/api/v1/invitations')
        .send({ email: 'a@b.co', role: 'viewer', organization_id: 'x' })
        .expect(400);
      const member409 = await owner
        .post('/api/v1/invitations')
        .send({ email: 'VIEWER@demo.tocsin.dev', role: 'viewer' })
        .expect(409);
      expect(member409.body.fields).toEqual({ email: ['is already a member'] });
      await invite('twice@example.com');
      const twice = await owner
        .post('/api/v1/invitations')
        .send({ email: 'twice@example.com', role: 'viewer' })
        .expect(409);
      expect(twice.body.fields).toEqual({ email: ['already has a pending invitation'] });
      await member.post('/api/v1/invitations').send({ email: 'm@example.com', role: 'viewer' }).expect(403);
      await viewer.get('/api/v1/invitations').expect(403);
      expect(await mailbox('m@example.com')).toEqual([]);
      expect(await mailbox('a@b.co')).toEqual([]);
      expect(await mailbox('twice@example.com')).toHaveLength(1);
    });

    it("revokes a pending invitation; another organization's ids answer 404", async () => {
      const token = await invite('revoked@example.com');
      const id = (await owner.get('/api/v1/invitations').expect(200)).body.data.find(
        (i: { email: string }) => i.email === 'revoked@example.com',
      ).id;
      expect((await other.get('/api/v1/invitations').expect(200)).body.data).toEqual([]);
      await other.delete(`/api/v1/invitations/${id}`).expect(404);
      await member.delete(`/api/v1/invitations/${id}`).expect(403);
      await owner.delete(`/api/v1/invitations/${id}`).expect(204);
      await owner.delete(`/api/v1/invitations/${id}`).expect(404);
      await request(app.url).get(`/api/v1/invitations/${token}`).expect(404);
      await request(app.url).get('/api/v1/invitations/not-a-token').expect(404);
    });
  });

  describe('organization, roles, flags and entitlements', () => {
    it('shows and renames the organization; the name reaches /me', async () => {
      expect((await owner.get('/api/v1/organization').expect(200)).body.data).toEqual({
        id: 'org-demo',
        name: 'Demo Organization',
        tier: 'enterprise',
        created_at: expect.any(String),
      });
      await member.get('/api/v1/organization').expect(403);
      const blank = await owner.patch('/api/v1/organization').send({ name: '   ' }).expect(400);
      expect(blank.body.fields).toEqual({ name: ['Organization name is required'] });
      await owner.patch('/api/v1/organization').send({}).expect(400);
      await member.patch('/api/v1/organization').send({ name: 'Taken over' }).expect(403);
      expect(
        (await owner.patch('/api/v1/organization').send({ name: ' Night Watch ' }).expect(200)).body.data.name,
      ).toBe('Night Watch');
      expect((await viewer.get('/api/v1/me').expect(200)).body.data.organization.name).toBe('Night Watch');
      expect((await other.get('/api/v1/organization').expect(200)).body.data.name).toBe('Other Org');
      await owner.patch('/api/v1/organization').send({ name: 'Demo Organization' }).expect(200);
    });

    it('lists the four roles with their permissions and the permission definitions', async () => {
      const { body } = await owner.get('/api/v1/organization_roles').expect(200);
      expect(body.data.roles.map((r: { role: string }) => r.role)).toEqual([
        'viewer',
        'collaborator',
        'member',
        'owner',
      ]);
      expect(body.data.roles[0].permissions).not.toContain('read_users');
      expect(body.data.roles[3].permissions).toContain('manage_users');
      expect(body.data.permission_definitions).toContainEqual({ slug: 'read_roles', display_name: 'Read roles' });
      await member.get('/api/v1/organization_roles').expect(403);
    });

    it("sets a feature flag for this organization only; /me carries the organization's flags", async () => {
      const before = (await viewer.get('/api/v1/organization/feature_flags').expect(200)).body.data;
      expect(before).toMatchObject({ signals: true, reflow: false });
      await member.put('/api/v1/organization/feature_flags/reflow').send({ enabled: true }).expect(403);
      await owner.put('/api/v1/organization/feature_flags/nope').send({ enabled: true }).expect(404);
      const bad = await owner.put('/api/v1/organization/feature_flags/reflow').send({ enabled: 'yes' }).expect(400);
      expect(bad.body.fields).toEqual({ enabled: ['enabled must be true or false'] });
      const set = await owner.put('/api/v1/organization/feature_flags/reflow').send({ enabled: true }).expect(200);
      expect(set.body.data).toEqual({ ...before, reflow: true });
      expect((await viewer.get('/api/v1/me').expect(200)).body.data.featureFlags.reflow).toBe(true);
      expect((await other.get('/api/v1/me').expect(200)).body.data.featureFlags.reflow).toBe(false);
      await owner.put('/api/v1/organization/feature_flags/reflow').send({ enabled: false }).expect(200);
      expect((await viewer.get('/api/v1/me').expect(200)).body.data.featureFlags.reflow).toBe(false);
    });

    it("answers quota entitlements for the organization's tier, and 400 for an unknown type or name", async () => {
      const demo = await viewer.get('/api/v1/entitlements').query({ type: 'quota', name: 'runbooks' }).expect(200);
      expect(demo.body.data).toEqual({
        name: 'runbooks',
        available: true,
        tier: 'enterprise',
        slug: 'runbooks',
        maximum: null,
      });
      const free = await other.get('/api/v1/entitlements').query({ type: 'quota', name: 'service_limit' }).expect(200);
      expect(free.body.data).toEqual({
        name: 'services',
        available: true,
        tier: 'free',
        slug: 'service_limit',
        maximum: 10,
      });
      const bad = await viewer.get('/api/v1/entitlements').query({ type: 'boolean', name: 'imports' }).expect(400);
      expect(Object.keys(bad.body.fields).sort()).toEqual(['name', 'type']);
      await request(app.url).get('/api/v1/entitlements').query({ type: 'quota', name: 'runbooks' }).expect(401);
    });
  });

  describe('staff sessions', () => {
    it('lets an operator act as an owner in any organization, marked staff, until they sign out', async () => {
      const { client: operator } = await registerOrg(app.url, ADMIN, 'Operators');
      expect((await operator.get('/api/v1/me').expect(200)).body.data.user.isAdminUser).toBe(true);
      expect((await owner.get('/api/v1/me').expect(200)).body.data.user.isAdminUser).toBe(false);
      await owner
        .post('/api/v1/staff_sessions')
        .send({ organization_id: (await other.get('/api/v1/me')).body.data.organization.id })
        .expect(403);
      await operator.post('/api/v1/staff_sessions').send({ organization_id: 'no-such-org' }).expect(404);
      await operator.post('/api/v1/staff_sessions').send({}).expect(400);

      const started = await operator.post('/api/v1/staff_sessions').send({ organization_id: 'org-demo' }).expect(201);
      const staff = clientFromCookies(app.url, started.headers['set-cookie'] as unknown as string[]);
      const me = (await staff.get('/api/v1/me').expect(200)).body.data;
      expect(me.user).toMatchObject({ email: ADMIN, role: 'owner', isStaffSession: true, isAdminUser: true });
      expect(me.organization.id).toBe('org-demo');
      expect(
        (await staff.get('/api/v1/users').expect(200)).body.data.map((u: { email: string }) => u.email),
      ).not.toContain(ADMIN);
      await request(app.url).get('/api/v1/me').set('Cookie', operator.cookie).expect(401);
      await staff.delete('/sessions').expect(204);
      await staff.get('/api/v1/users').expect(401);
    });

    it("GET /sessions (the staff banner's exit link) ends staff access and returns the operator to their own organization", async () => {
      const { client: operator, userId } = await registerOrg(app.url, 'someone-else@tocsin.example', 'Support Desk');
      const home = (await operator.get('/api/v1/me').expect(200)).body.data.organization.id;
      const started = await operator.post('/api/v1/staff_sessions').send({ organization_id: 'org-demo' }).expect(201);
      const staff = clientFromCookies(app.url, started.headers['set-cookie'] as unknown as string[]);
      expect((await staff.get('/api/v1/me').expect(200)).body.data.user.isStaffSession).toBe(true);

      const exit = await staff
        .get('/sessions')
        .set('Accept', 'text/html')
        .set('Sec-Fetch-Site', 'same-origin')
        .expect(303);
      expect(exit.headers.location).toBe('/');
      await request(app.url).get('/api/v1/me').set('Cookie', staff.cookie).expect(401);
      const back = clientFromCookies(app.url, exit.headers['set-cookie'] as unknown as string[]);
      const me = (await back.get('/api/v1/me').expect(200)).body.data;
      expect(me.user).toMatchObject({ id: userId, isStaffSession: false, role: 'owner' });
      expect(me.organization).toMatchObject({ id: home, name: 'Support Desk' });
      const ended = await app.runtime.infra.eventStore.readAll({
        after: null,
        maxCount: 10,
        direction: 'backwards',
        filter: { eventTypes: ['SessionEnded'] },
      });
      expect(ended.map((e) => e.data)).toContainEqual(expect.objectContaining({ reason: 'staff_access_exited' }));

      // outside a staff session it only redirects
      const again = await back
        .get('/sessions')
        .set('Accept', 'text/html')
        .set('Sec-Fetch-Site', 'same-origin')
        .expect(303);
      expect(again.headers.location).toBe('/');
      expect(again.headers['set-cookie']).toBeUndefined();
      await back.get('/api/v1/me').expect(200);
      const signedOut = await request(app.url).get('/sessions').set('Accept', 'text/html').expect(303);
      expect(signedOut.headers.location).toBe('/sessions/new');
    });
  });

  describe('dev mailbox and expiry', () => {
    it('expires an invitation after 7 days', async () => {
      const token = await invite('late@example.com');
      await clock.advance(7 * 86_400_000 + 1);
      await request(app.url).get(`/api/v1/invitations/${token}`).expect(404);
      await request(app.url)
        .post(`/api/v1/invitations/${token}/accept`)
        .send({ name: 'Late', password: 'long-enough-secret' })
        .expect(404);
      expect(
        (await owner.get('/api/v1/invitations').expect(200)).body.data.map((i: { email: string }) => i.email),
      ).not.toContain('late@example.com');
      await owner.post('/api/v1/invitations').send({ email: 'late@example.com', role: 'viewer' }).expect(201);
    });
  });
});
