import request from 'supertest';
import { ManualClock } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { signIn } from '../support/session';
import { ACCOUNT_PASSWORD, newUser, userEventCount } from './account.support';

const NEUTRAL = {
  message: 'If an account exists for this email, you will receive instructions to reset your password.',
};
const NEW_PASSWORD = 'reset-password-3';

async function resetLinkFor(app: TestApp, email: string): Promise<string> {
  const { body } = await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200);
  const link = /https?:\/\/\S+\/password_resets\/([A-Za-z0-9_-]+)/.exec(body.data[0]?.text ?? '');
  if (!link) throw new Error(`no reset link for ${email}`);
  return `/password_resets/${link[1]}`;
}

/** Reset mails only: signing a user up mails them too. */
const mailCount = async (app: TestApp, email: string) =>
  (
    (await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body.data as Array<{
      subject: string;
    }>
  ).filter((mail) => /password/i.test(mail.subject)).length;

describe('forgot and reset password, through the dev mailbox', () => {
  let app: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 0, 1));

  beforeAll(async () => {
    app = await startApp({ clock });
  });
  afterAll(() => app.close());

  it('answers the same for a known and an unknown address, mailing only the known one', async () => {
    const { email } = await newUser(app, 'forgot');
    const known = await request(app.url).post('/forgot_passwords').send({ email: email.toUpperCase() }).expect(202);
    const unknown = await request(app.url)
      .post('/forgot_passwords')
      .send({ email: 'nobody-here@example.com' })
      .expect(202);
    expect(known.body).toEqual(NEUTRAL);
    expect(unknown.body).toEqual(NEUTRAL);
    expect(await mailCount(app, email)).toBe(1);
    expect(await mailCount(app, 'nobody-here@example.com')).toBe(0);
    await request(app.url).post('/forgot_passwords').send({ email: 'not-an-email' }).expect(400);
  });

  it('resets with the emailed link once, ending every session; a bad form is refused first', async () => {
    const { client, email, userId } = await newUser(app, 'reset');
    await request(app.url).post('/forgot_passwords').send({ email }).expect(202);
    const link = await resetLinkFor(app, email);
    const before = await userEventCount(app, userId);
    const bad = await request(app.url)
      .post(link)
      .send({ password: NEW_PASSWORD, password_confirmation: 'different-one' })
      .expect(422);
    expect(bad.body).toEqual({
      error: 'invalid',
      message: "Confirmation password doesn't match Password",
      fields: { password_confirmation: ["doesn't match Password"] },
    });
    expect(await userEventCount(app, userId)).toBe(before);

    await request(app.url).post(link).send({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }).expect(204);
    await client.get('/api/v1/me').expect(401);
    await request(app.url).post('/sessions').send({ email, password: ACCOUNT_PASSWORD }).expect(401);
    await signIn(app.url, email, NEW_PASSWORD);
    const again = await request(app.url)
      .post(link)
      .send({ password: 'yet-another-4', password_confirmation: 'yet-another-4' })
      .expect(404);
    expect(again.body.message).toBe('This password reset link is invalid or has expired. Request a new one.');
    await request(app.url)
      .post('/password_resets/made-up-token')
      .send({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(404);
  });

  it('refuses a link after its hour, and one voided by a password change', async () => {
    const { client, email } = await newUser(app, 'expiry');
    await request(app.url).post('/forgot_passwords').send({ email }).expect(202);
    const expired = await resetLinkFor(app, email);
    await clock.advance(60 * 60 * 1000);
    await request(app.url)
      .post(expired)
      .send({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(404);

    await request(app.url).post('/forgot_passwords').send({ email }).expect(202);
    const voided = await resetLinkFor(app, email);
    await client
      .put('/api/v1/account/password')
      .send({ current_password: ACCOUNT_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(204);
    await request(app.url)
      .post(voided)
      .send({ password: 'yet-another-4', password_confirmation: 'yet-another-4' })
      .expect(404);
    await signIn(app.url, email, NEW_PASSWORD);
  });

  it('mails an address at most 3 times an hour, still answering the same; then refuses a flood from one address', async () => {
    const { email } = await newUser(app, 'limit');
    for (let i = 0; i < 4; i++)
      expect((await request(app.url).post('/forgot_passwords').send({ email }).expect(202)).body).toEqual(NEUTRAL);
    expect(await mailCount(app, email)).toBe(3);
    let status = 202;
    for (let i = 0; i < 30 && status === 202; i++)
      status = (
        await request(app.url)
          .post('/forgot_passwords')
          .send({ email: `flood-${i}@example.com` })
      ).status;
    expect(status).toBe(429);
  });
});
