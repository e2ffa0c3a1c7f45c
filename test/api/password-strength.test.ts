import request from 'supertest';
import { startApp, type TestApp } from '../support/app';
import { signInAs } from '../support/session';
import { registrationLinkFor } from '../support/sign-up';
import { ACCOUNT_PASSWORD, newUser, userEventCount } from './account.support';
import { acceptLinkIn, tokenOf } from './organization-admin.support';

const TOO_COMMON = 'Password is too common: choose one that others are unlikely to use';
const HAS_EMAIL = "Password can't contain your email address";
const STRONG = 'quiet-harbour-lantern-7';

/**
 * NIST 800-63B: wherever a password is set, the most common ones and the account's own email are
 * refused with the reason, before anything is written; the link used stays good for a better one.
 */
describe('common passwords and the own email are refused wherever a password is set', () => {
  let app: TestApp;
  let seq = 0;
  const fresh = (label: string) => `${label}.${Date.now()}${seq++}@example.com`;
  const mailTo = async (email: string) =>
    (await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body.data as {
      text: string;
    }[];

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('at sign-up completion', async () => {
    const email = fresh('grace');
    await request(app.url).post('/registrations').send({ name: 'Grace', email }).expect(202);
    const { id, token } = await registrationLinkFor(app.url, email);
    const complete = (password: string) =>
      request(app.url)
        .post(`/registrations/${id}/complete`)
        .send({ token, password, password_confirmation: password, organization_name: 'Grace Ops' });

    for (const [password, message] of [
      ['password123', TOO_COMMON],
      ['qwertyuiop', TOO_COMMON],
      ['iloveyou2', TOO_COMMON],
      [email, HAS_EMAIL],
      [`My-${email.split('@')[0].toUpperCase()}-x`, HAS_EMAIL],
    ]) {
      const refused = await complete(password).expect(422);
      expect(refused.body).toEqual({
        error: 'invalid',
        message,
        fields: { password: [message.replace(/^Password /, '')] },
      });
    }
    // nothing was made: no account to sign in to, and the link still works
    await request(app.url).post('/sessions').send({ email, password: 'password123' }).expect(401);
    await complete(STRONG).expect(201);
  });

  it('at a password reset, leaving the link usable', async () => {
    await request(app.url).post('/forgot_passwords').send({ email: 'collaborator@demo.tocsin.dev' }).expect(202);
    const [mail] = await mailTo('collaborator@demo.tocsin.dev');
    const link = /\/password_resets\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
    const refused = await request(app.url)
      .post(link)
      .send({ password: 'password1', password_confirmation: 'password1' })
      .expect(422);
    expect(refused.body.message).toBe(TOO_COMMON);
    const own = await request(app.url)
      .post(link)
      .send({ password: 'collaborator-2026', password_confirmation: 'collaborator-2026' })
      .expect(422);
    expect(own.body.message).toBe(HAS_EMAIL);
    await request(app.url).post(link).send({ password: STRONG, password_confirmation: STRONG }).expect(204);
    await request(app.url)
      .post('/sessions')
      .send({ email: 'collaborator@demo.tocsin.dev', password: STRONG })
      .expect(201);
  });

  it('at a password change, writing nothing', async () => {
    const { client, userId } = await newUser(app, 'strength');
    const before = await userEventCount(app, userId);
    const refused = await client
      .put('/api/v1/account/password')
      .send({ current_password: ACCOUNT_PASSWORD, password: 'Password1!', password_confirmation: 'Password1!' })
      .expect(422);
    expect(refused.body).toMatchObject({
      message: TOO_COMMON,
      fields: { password: [TOO_COMMON.replace(/^Password /, '')] },
    });
    expect(await userEventCount(app, userId)).toBe(before);
    await client
      .put('/api/v1/account/password')
      .send({ current_password: ACCOUNT_PASSWORD, password: STRONG, password_confirmation: STRONG })
      .expect(204);
  });

  it('when an invitee signs up, leaving the invitation open', async () => {
    const owner = await signInAs(app.url, 'owner');
    const email = fresh('invitee');
    await owner.post('/api/v1/invitations').send({ email, role: 'member' }).expect(201);
    const [mail] = await mailTo(email);
    const token = tokenOf(acceptLinkIn(mail.text));
    const refused = await request(app.url)
      .post(`/api/v1/invitations/${token}/accept`)
      .send({ name: 'Invitee', password: 'letmein123' })
      .expect(422);
    expect(refused.body.message).toBe(TOO_COMMON);
    const own = await request(app.url)
      .post(`/api/v1/invitations/${token}/accept`)
      .send({ name: 'Invitee', password: `${email}!` })
      .expect(422);
    expect(own.body.message).toBe(HAS_EMAIL);
    await request(app.url).get(`/api/v1/invitations/${token}`).expect(200);
    await request(app.url)
      .post(`/api/v1/invitations/${token}/accept`)
      .send({ name: 'Invitee', password: STRONG })
      .expect(201);
  });
});
