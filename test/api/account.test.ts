import request from 'supertest';
import { systemContext } from '../../apps/api/src/shared/request-context';
import { organizationCommand } from '../../apps/api/src/commands/aggregates';
import { Commands } from '../../apps/api/src/commands/commands';
import { startApp, type TestApp } from '../support/app';
import { signIn, signInAs } from '../support/session';
import { ACCOUNT_PASSWORD, newUser, userEventCount } from './account.support';
import { clientFromCookies } from './organization-admin.support';
import { signUp } from '../support/sign-up';

const PASSWORD = '/api/v1/account/password';
const NEW_PASSWORD = 'second-password-2';
const OPERATOR = 'account-operator@example.com';

describe('account: password, profile, default organization, linked accounts, calendar', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({ env: { ADMIN_EMAILS: OPERATOR } });
  });
  afterAll(() => app.close());

  it('refuses a wrong current password, then changes it and ends every other session of the user', async () => {
    const { client, email } = await newUser(app, 'pw');
    const other = await signIn(app.url, email, ACCOUNT_PASSWORD);
    const wrong = await client
      .put(PASSWORD)
      .send({ current_password: 'not-it-at-all', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(422);
    expect(wrong.body).toEqual({
      error: 'invalid',
      message: 'Current password is invalid',
      fields: { current_password: ['is invalid'] },
    });
    await other.get('/api/v1/me').expect(200);

    await client
      .put(PASSWORD)
      .send({ current_password: ACCOUNT_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(204);
    await client.get('/api/v1/me').expect(200);
    await other.get('/api/v1/me').expect(401);
    await request(app.url).post('/sessions').send({ email, password: ACCOUNT_PASSWORD }).expect(401);
    await signIn(app.url, email, NEW_PASSWORD);
  });

  it('stops guessing the current password after 5 wrong tries, even with the right one', async () => {
    const { client } = await newUser(app, 'pw-guess');
    const attempt = (current: string) =>
      client
        .put(PASSWORD)
        .send({ current_password: current, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    for (let i = 0; i < 5; i++) await attempt(`guess-${i}-wrong`).expect(422);
    const blocked = await attempt(ACCOUNT_PASSWORD).expect(429);
    expect(blocked.body).toEqual({ error: 'too_many_attempts', message: 'Too many wrong passwords. Try again later.' });
  });

  it.each([
    [{}, { current_password: ['Required'], password: ['Required'], password_confirmation: ['Required'] }],
    [
      { current_password: ACCOUNT_PASSWORD, password: 'short', password_confirmation: 'short' },
      { password: ['is too short (minimum is 8 characters)'] },
    ],
    [
      { current_password: ACCOUNT_PASSWORD, password: NEW_PASSWORD, password_confirmation: 'something-else' },
      { password_confirmation: ["doesn't match Password"] },
    ],
  ])('refuses the password form %j with 422 and the fields, writing nothing', async (body, fields) => {
    const { client, userId, email } = await newUser(app, 'pw-bad');
    const before = await userEventCount(app, userId);
    const response = await client.put(PASSWORD).send(body).expect(422);
    expect(response.body).toMatchObject({ error: 'invalid', fields });
    expect(await userEventCount(app, userId)).toBe(before);
    await signIn(app.url, email, ACCOUNT_PASSWORD);
  });

  it('refuses malformed password bodies with 400 (unknown field, not a string)', async () => {
    const { client, userId } = await newUser(app, 'pw-malformed');
    const before = await userEventCount(app, userId);
    const unknown = await client
      .put(PASSWORD)
      .send({
        current_password: ACCOUNT_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        admin: true,
      })
      .expect(400);
    expect(Object.keys(unknown.body.fields)).toEqual(['admin']);
    await client
      .put(PASSWORD)
      .send({ current_password: 1, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(400);
    await request(app.url).put(PASSWORD).send({}).expect(401);
    expect(await userEventCount(app, userId)).toBe(before);
  });

  it("sets the default organization among the user's own, which the next sign-in opens", async () => {
    const { client, userId, email, orgId } = await newUser(app, 'default-org');
    const commands = app.app.get(Commands);
    const { position } = await commands.run(
      organizationCommand(
        { type: 'AddMember', organizationId: 'org-demo', userId, role: 'viewer' },
        systemContext('org-demo'),
      ),
    );
    await app.runtime.runner!.waitFor(position!);

    await client.put('/api/v1/account/default_organization').send({ default_organization_id: 'org-demo' }).expect(204);
    const me = (await client.get('/api/v1/me').expect(200)).body.data;
    expect(me.user.defaultOrganization).toBe('org-demo');
    expect(me.organizations.map((o: { id: string; isDefault: boolean }) => [o.id, o.isDefault])).toEqual([
      [orgId, false],
      ['org-demo', true],
    ]);
    const next = await signIn(app.url, email, ACCOUNT_PASSWORD);
    expect((await next.get('/api/v1/me').expect(200)).body.data.organization.id).toBe('org-demo');

    const stranger = await newUser(app, 'stranger');
    const refused = await client
      .put('/api/v1/account/default_organization')
      .send({ default_organization_id: stranger.orgId })
      .expect(404);
    expect(refused.body).toEqual({ error: 'not_found', message: 'Organization not found' });
    await client.put('/api/v1/account/default_organization').send({}).expect(400);
    expect((await client.get('/api/v1/me').expect(200)).body.data.user.defaultOrganization).toBe('org-demo');
  });

  it('renames the profile (trimmed), refuses a blank name and an email change', async () => {
    const { client, userId } = await newUser(app, 'profile');
    const renamed = await client.patch('/api/v1/account').send({ name: '  Grace Hopper ' }).expect(200);
    expect(renamed.body.data).toMatchObject({ id: userId, name: 'Grace Hopper' });
    expect((await client.get('/api/v1/me').expect(200)).body.data.user.name).toBe('Grace Hopper');
    const before = await userEventCount(app, userId);
    const blank = await client.patch('/api/v1/account').send({ name: '  ' }).expect(400);
    expect(blank.body.fields).toEqual({ name: ['name is a required field'] });
    await client.patch('/api/v1/account').send({ name: 'X', email: 'other@example.com' }).expect(400);
    expect(await userEventCount(app, userId)).toBe(before);
  });

  it('lists the linkable accounts, none linked, the Slack link starting in the organization', async () => {
    const viewer = await signInAs(app.url, 'viewer');
    const { body } = await viewer.get('/internal_api/v1/oauth_providers').expect(200);
    expect(body.data.map((p: { integration_name: string }) => p.integration_name)).toEqual([
      'slack',
      'google_calendar',
      'zoom',
      'jira_cloud',
      'webex',
    ]);
    expect(body.data.every((p: { linked: boolean }) => p.linked === false)).toBe(true);
    expect(body.data[0].auth_url).toBe('/org/org-demo/integrations/slack/oauth');
    await request(app.url).get('/internal_api/v1/oauth_providers').expect(401);
  });

  it('issues one calendar URL when several first requests race for it', async () => {
    const email = `calendar-race-${Date.now()}@example.com`;
    await signUp(app.url, { name: 'Race', email, password: ACCOUNT_PASSWORD, organization_name: 'Race org' });
    const client = await signIn(app.url, email, ACCOUNT_PASSWORD);
    const answers = await Promise.all([1, 2, 3, 4].map(() => client.get('/api/v1/me').expect(200)));
    const urls = new Set(answers.map((a) => a.body.data.organization.icalUrl as string));
    expect(urls.size).toBe(1);
    expect((await client.get('/api/v1/me').expect(200)).body.data.organization.icalUrl).toBe([...urls][0]);
  });

  it('gives each user a secret calendar URL that serves a valid, empty iCalendar without a session', async () => {
    const { client } = await newUser(app, 'calendar');
    const icalUrl = (await client.get('/api/v1/me').expect(200)).body.data.organization.icalUrl as string;
    expect(icalUrl).toMatch(/^\/calendars\/[A-Za-z0-9_-]{32}\.ics$/);
    expect((await client.get('/api/v1/me').expect(200)).body.data.organization.icalUrl).toBe(icalUrl);
    const owner = await signInAs(app.url, 'owner');
    expect((await owner.get('/api/v1/me').expect(200)).body.data.organization.icalUrl).not.toBe(icalUrl);

    const feed = await request(app.url).get(icalUrl).set('Accept', 'text/html,*/*').expect(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.text).toMatch(
      /^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:-\/\/Tocsin\/\/Tocsin\/\/EN\r\n[\s\S]*END:VCALENDAR$/,
    );
    await request(app.url)
      .get(`/calendars/${'x'.repeat(32)}.ics`)
      .expect(404);
    await request(app.url).get('/calendars/short.ics').expect(404);
  });
  it("closes the account area to a staff session: it acts in someone else's organization", async () => {
    await signUp(app.url, {
      name: 'Operator',
      email: OPERATOR,
      password: ACCOUNT_PASSWORD,
      organization_name: 'Operators',
    });
    const operator = await signIn(app.url, OPERATOR, ACCOUNT_PASSWORD);
    const started = await operator.post('/api/v1/staff_sessions').send({ organization_id: 'org-demo' }).expect(201);
    const staff = clientFromCookies(app.url, started.headers['set-cookie'] as unknown as string[]);
    const refused = await staff
      .put(PASSWORD)
      .send({ current_password: ACCOUNT_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(403);
    expect(refused.body).toEqual({
      error: 'forbidden',
      message: 'The account area is not available in a staff session.',
    });
    await staff.patch('/api/v1/account').send({ name: 'Someone else' }).expect(403);
    await staff.put('/api/v1/account/default_organization').send({ default_organization_id: 'org-demo' }).expect(403);
    await request(app.url).post('/sessions').send({ email: OPERATOR, password: ACCOUNT_PASSWORD }).expect(201);
  });
});
