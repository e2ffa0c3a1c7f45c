import request from 'supertest';
import { CSRF_HEADER } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { demoEmail, signIn, signInAs } from '../support/session';
import { signUp } from '../support/sign-up';

const items = '/api/v1/signals/notification_policy_items';
const item = { priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' };

describe('sign-in, sessions and permissions', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('signs the seeded owner in and tells who they are', async () => {
    const owner = await signInAs(app.url, 'owner');
    const { body } = await owner.get('/api/v1/me').expect(200);
    expect(body.data.user).toMatchObject({
      email: demoEmail('owner'),
      role: 'owner',
      owner: true,
      isStaffSession: false,
    });
    expect(body.data.organization).toMatchObject({
      id: 'org-demo',
      name: 'Demo Organization',
      account: { tier: 'enterprise' },
    });
    expect(body.data.permissions).toContain('manage_organization_notification_policies');
    expect(body.data.organizations).toEqual([
      { id: 'org-demo', name: 'Demo Organization', role: 'owner', isDefault: true },
    ]);
  });

  it('sets an httpOnly, SameSite session cookie and a readable CSRF cookie', async () => {
    const response = await request(app.url)
      .post('/sessions')
      .send({ email: demoEmail('member'), password: 'tocsin-demo-password' })
      .expect(201);
    const cookies = response.headers['set-cookie'] as unknown as string[];
    const session = cookies.find((c) => c.startsWith('tocsin_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(cookies.find((c) => c.startsWith('tocsin_csrf='))).not.toMatch(/HttpOnly/);
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const { body } = await request(app.url)
      .post('/sessions')
      .send({ email: demoEmail('viewer'), password: 'wrong' })
      .expect(401);
    expect(body).toEqual({ error: 'invalid_credentials', message: 'Invalid email or password.' });
    const unknown = await request(app.url)
      .post('/sessions')
      .send({ email: 'nobody@example.com', password: 'wrong' })
      .expect(401);
    expect(unknown.body).toEqual(body);
  });

  it('rate-limits sign-in attempts per account with a clear message', async () => {
    const email = demoEmail('collaborator');
    for (let i = 0; i < 5; i++)
      await request(app.url)
        .post('/sessions')
        .send({ email, password: `nope-${i}` })
        .expect(401);
    const { body } = await request(app.url)
      .post('/sessions')
      .send({ email, password: 'tocsin-demo-password' })
      .expect(429);
    expect(body).toEqual({
      error: 'too_many_attempts',
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
    });
  });

  it('answers 401 without a session and 403 with the spec tooltip without the permission', async () => {
    await request(app.url).get(items).expect(401);
    const viewer = await signInAs(app.url, 'viewer');
    await viewer.get(items).expect(200);
    const refused = await viewer.post(items).send(item).expect(403);
    expect(refused.body.message).toBe(
      "The permission 'Manage organization notification policies' is required to perform this action on the organization. Contact your organization administrator for support.",
    );
    expect(refused.body.permission).toBe('manage_organization_notification_policies');
    await viewer.get('/api/v1/history').expect(403);
    const member = await signInAs(app.url, 'member');
    await member.post(items).send(item).expect(403);
  });

  it('refuses a cookie-authenticated mutation without the CSRF header, writing nothing', async () => {
    const owner = await signInAs(app.url, 'owner');
    const before = (await owner.get(items).expect(200)).body.data.length;
    const { body } = await owner.agent.post(items).send(item).expect(403);
    expect(body).toEqual({
      error: 'csrf',
      message: 'Your session could not be verified. Reload the page and try again.',
    });
    await owner.agent.post(items).set(CSRF_HEADER, 'forged').send(item).expect(403);
    expect((await owner.get(items).expect(200)).body.data.length).toBe(before);
  });

  it('signs out: the session no longer works, in this tab or any other holding the cookie', async () => {
    const owner = await signInAs(app.url, 'owner');
    await owner.delete('/sessions').expect(204);
    await request(app.url).get('/api/v1/me').set('Cookie', owner.cookie).expect(401);
  });

  it("switches the current organization among the user's own, and refuses others", async () => {
    const email = `multi-${Date.now()}@example.com`;
    const agent = request.agent(app.url);
    const first = await signUp(
      app.url,
      { name: 'Multi', email, password: 'long-enough-secret', organization_name: 'First' },
      agent,
    );
    const client = await signIn(app.url, email, 'long-enough-secret');
    const mine = (await client.get('/api/v1/me').expect(200)).body.data.organization.id;
    expect(first.body.data.id).toBeDefined();
    const refused = await client.put('/api/v1/me/organization').send({ organization_id: 'org-demo' }).expect(404);
    expect(refused.body.message).toBe('Organization not found');
    const same = await client.put('/api/v1/me/organization').send({ organization_id: mine }).expect(200);
    expect(same.body.data.organization.id).toBe(mine);
  });
});
