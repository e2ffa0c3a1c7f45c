import request from 'supertest';
import { REGISTRATION_STARTED } from '@tocsin/contracts';
import { ManualClock } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { csrfFrom, demoEmail, signIn } from '../support/session';
import { registrationLinkFor, signUp } from '../support/sign-up';

const PASSWORD = 'long-enough-secret';
let seq = 0;
const fresh = (label: string) => `${label}-${Date.now()}-${seq++}@example.com`;
const complete = (id: string, token: string, extra: Record<string, unknown> = {}) => ({
  token,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  organization_name: 'Ada Ops',
  ...extra,
});

describe('sign-up in two steps: /registrations, then /registrations/{id}/complete', () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({ clock });
  });
  afterAll(() => app.close());

  const mailTo = async (email: string) =>
    (await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body.data as {
      subject: string;
      text: string;
    }[];

  it('mails a link; following it with a password and an organization creates the owner and signs them in', async () => {
    const email = fresh('ada');
    const started = await request(app.url)
      .post('/registrations')
      .send({ name: 'Ada', email: email.toUpperCase() })
      .expect(202);
    expect(started.body).toEqual({ message: REGISTRATION_STARTED });
    const [mail] = await mailTo(email);
    expect(mail.subject).toBe('Finish creating your Tocsin account');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toMatch(/http:\/\/(localhost|127\.0\.0\.1):\d+\/registrations\/[0-9a-f-]+\/complete\?token=/);
    expect(mail.text).toContain('expires on Fri, 02 Jan 2026 00:00:00 GMT');
    // nothing exists until the link is followed
    await request(app.url).post('/sessions').send({ email, password: PASSWORD }).expect(401);

    const { id, token } = await registrationLinkFor(app.url, email);
    const preview = await request(app.url).get(`/api/v1/registrations/${id}`).query({ token }).expect(200);
    expect(preview.body).toEqual({ data: { id, email, name: 'Ada' } });

    const agent = request.agent(app.url);
    const done = await agent.post(`/registrations/${id}/complete`).send(complete(id, token)).expect(201);
    csrfFrom(done.headers['set-cookie']);
    const me = (await agent.get('/api/v1/me').expect(200)).body.data;
    expect(me.user).toMatchObject({ id: done.body.data.id, name: 'Ada', email, role: 'owner' });
    expect(me.organization).toMatchObject({ id: done.body.data.organization_id, name: 'Ada Ops' });
    await signIn(app.url, email, PASSWORD);
  });

  it('works once: a used link says so, and offers to start again', async () => {
    const email = fresh('once');
    await signUp(app.url, { name: 'Once', email, password: PASSWORD, organization_name: 'Once Org' });
    const { id, token } = await registrationLinkFor(app.url, email);
    const used = await request(app.url).post(`/registrations/${id}/complete`).send(complete(id, token)).expect(410);
    expect(used.body).toEqual({
      error: 'used',
      message: 'This sign-up link has already been used. Sign in, or start again to get a new link.',
    });
    expect((await request(app.url).get(`/api/v1/registrations/${id}`).query({ token }).expect(410)).body.error).toBe(
      'used',
    );
  });

  it('expires after 24 hours, writing nothing', async () => {
    const email = fresh('late');
    await request(app.url).post('/registrations').send({ name: 'Late', email }).expect(202);
    const { id, token } = await registrationLinkFor(app.url, email);
    await clock.advance(24 * 3_600_000 - 1000);
    await request(app.url).get(`/api/v1/registrations/${id}`).query({ token }).expect(200);
    await clock.advance(1000);
    const expired = await request(app.url).post(`/registrations/${id}/complete`).send(complete(id, token)).expect(410);
    expect(expired.body).toEqual({
      error: 'expired',
      message: 'This sign-up link has expired. Start again to get a new link.',
    });
    await request(app.url).post('/sessions').send({ email, password: PASSWORD }).expect(401);
    // starting again mails a new link that works
    await signUp(app.url, { name: 'Late', email, password: PASSWORD, organization_name: 'Late Org' });
  });

  it('says only "not valid" for a wrong token, an unknown id or a malformed one', async () => {
    const email = fresh('wrong');
    await request(app.url).post('/registrations').send({ name: 'Wrong', email }).expect(202);
    const { id, token } = await registrationLinkFor(app.url, email);
    const invalid = { error: 'not_found', message: 'This sign-up link is not valid. Start again to get a new link.' };
    for (const [rid, t] of [
      [id, `${token}x`],
      ['00000000-0000-4000-8000-000000000000', token],
      ['../etc', token],
      [id, ''],
    ]) {
      expect(
        (
          await request(app.url)
            .get(`/api/v1/registrations/${encodeURIComponent(rid)}`)
            .query({ token: t })
            .expect(404)
        ).body,
      ).toEqual(invalid);
    }
    expect(
      (await request(app.url).post(`/registrations/${id}/complete`).send(complete(id, 'not-the-token')).expect(404))
        .body,
    ).toEqual(invalid);
    // the right link still works after the wrong tries
    await request(app.url).post(`/registrations/${id}/complete`).send(complete(id, token)).expect(201);
  });

  it('answers the same for an address that has an account, mailing it a way to sign in instead', async () => {
    const email = demoEmail('viewer');
    const started = await request(app.url).post('/registrations').send({ name: 'Mallory', email }).expect(202);
    expect(started.body).toEqual({ message: REGISTRATION_STARTED });
    const [mail] = await mailTo(email);
    expect(mail.subject).toBe('You already have a Tocsin account');
    expect(mail.text).toMatch(/\/sessions\/new/);
    expect(mail.text).toMatch(/\/forgot_passwords\/new/);
    expect(mail.text).not.toMatch(/\/registrations\//);
  });

  it('refuses a confirmation that does not match with a 422, writing nothing', async () => {
    const email = fresh('mismatch');
    await request(app.url).post('/registrations').send({ name: 'Mis', email }).expect(202);
    const { id, token } = await registrationLinkFor(app.url, email);
    const refused = await request(app.url)
      .post(`/registrations/${id}/complete`)
      .send(complete(id, token, { password_confirmation: 'something-else' }))
      .expect(422);
    expect(refused.body).toEqual({
      error: 'invalid',
      message: "Confirmation password doesn't match Password",
      fields: { password_confirmation: ["doesn't match Password"] },
    });
    await request(app.url).get(`/api/v1/registrations/${id}`).query({ token }).expect(200);
  });

  it('refuses a blank organization name with a 400, writing nothing, and the link still works', async () => {
    const email = fresh('blank-org');
    await request(app.url).post('/registrations').send({ name: 'Blank', email }).expect(202);
    const { id, token } = await registrationLinkFor(app.url, email);
    const before = await app.runtime.infra.eventStore.headPosition();
    const refused = await request(app.url)
      .post(`/registrations/${id}/complete`)
      .send(complete(id, token, { organization_name: '   ' }))
      .expect(400);
    expect(refused.body).toEqual({
      error: 'invalid',
      message: 'Organization name is required',
      fields: { organization_name: ['Organization name is required'] },
    });
    expect(await app.runtime.infra.eventStore.headPosition()).toBe(before);
    // nothing stranded: the same link finishes the sign-up and the person signs in
    await request(app.url).post(`/registrations/${id}/complete`).send(complete(id, token)).expect(201);
    await signIn(app.url, email, PASSWORD);
  });

  it('refuses, writing nothing, when the address was taken after the link was mailed', async () => {
    const email = fresh('taken');
    await request(app.url).post('/registrations').send({ name: 'First', email }).expect(202);
    const first = await registrationLinkFor(app.url, email);
    await request(app.url).post('/registrations').send({ name: 'Second', email }).expect(202);
    const second = await registrationLinkFor(app.url, email);
    await request(app.url)
      .post(`/registrations/${second.id}/complete`)
      .send(complete(second.id, second.token))
      .expect(201);
    const before = await app.runtime.infra.eventStore.headPosition();
    const refused = await request(app.url)
      .post(`/registrations/${first.id}/complete`)
      .send(complete(first.id, first.token))
      .expect(409);
    expect(refused.body.fields).toEqual({ email: ['has already been taken'] });
    expect(await app.runtime.infra.eventStore.headPosition()).toBe(before);
  });

  it.each([
    [{}, ['name', 'email']],
    [{ name: 5, email: ['a@b.co'] }, ['name', 'email']],
    [{ name: 'A'.repeat(101), email: `${'a'.repeat(250)}@b.co` }, ['name', 'email']],
    [{ name: 'A', email: 'not-an-email', password: 'sneaky', admin: true }, ['email', 'password', 'admin']],
  ])('refuses step one %j with field messages', async (body, fields) => {
    const response = await request(app.url).post('/registrations').send(body).expect(400);
    expect(response.body.error).toBeDefined();
    expect(typeof response.body.message).toBe('string');
    expect(Object.keys(response.body.fields).sort()).toEqual([...fields].sort());
  });

  it.each([
    [{}, ['token', 'password', 'password_confirmation', 'organization_name']],
    [
      { token: 1, password: true, password_confirmation: null, organization_name: {} },
      ['token', 'password', 'password_confirmation', 'organization_name'],
    ],
    [
      {
        token: 't'.repeat(201),
        password: 'p'.repeat(201),
        password_confirmation: 'p'.repeat(201),
        organization_name: 'o'.repeat(101),
      },
      ['token', 'password', 'password_confirmation', 'organization_name'],
    ],
    [
      { token: 't', password: 'short', password_confirmation: 'short', organization_name: 'x', tier: 'enterprise' },
      ['password', 'tier'],
    ],
  ])('refuses step two %j with field messages', async (body, fields) => {
    const response = await request(app.url)
      .post('/registrations/00000000-0000-4000-8000-000000000000/complete')
      .send(body)
      .expect(400);
    expect(Object.keys(response.body.fields).sort()).toEqual([...fields].sort());
  });
});
