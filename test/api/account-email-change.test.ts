import request from 'supertest';
import { ManualClock } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { signIn } from '../support/session';
import { ACCOUNT_PASSWORD, newUser, userEventCount } from './account.support';
import { signUp } from '../support/sign-up';

const mailTo = async (app: TestApp, email: string) =>
  (await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body.data as Array<{
    subject: string;
    text: string;
  }>;

/** The newest confirmation link mailed to `email`, as the API path the web page posts it to. */
async function confirmPathFor(app: TestApp, email: string): Promise<string> {
  const link = /https?:\/\/\S+\/email_changes\/([A-Za-z0-9_-]+)\/confirm/.exec(
    (await mailTo(app, email)).map((mail: { text: string }) => mail.text).join('\n'),
  );
  if (!link) throw new Error(`no confirmation link for ${email}`);
  return `/api/v1/account/email_change/${link[1]}`;
}

let seq = 0;
const freshAddress = (label: string) => `${label}-${Date.now()}-${seq++}@example.com`;

describe('changing the sign-in email through a confirmation link', () => {
  let app: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 0, 1));

  beforeAll(async () => {
    app = await startApp({ clock });
  });
  afterAll(() => app.close());

  it('changes the email only when the link sent to the new address is followed, and tells the old address', async () => {
    const { client, email, userId } = await newUser(app, 'change');
    const next = freshAddress('moved');
    const asked = await client
      .post('/api/v1/account/email_change')
      .send({ email: next.toUpperCase(), current_password: ACCOUNT_PASSWORD })
      .expect(202);
    expect(asked.body.data).toMatchObject({ id: userId, email, pendingEmail: next });
    expect((await client.get('/api/v1/account').expect(200)).body.data).toMatchObject({ email, pendingEmail: next });
    const [mail] = await mailTo(app, next);
    expect(mail.subject).toBe('Confirm your new Tocsin email');
    expect(mail.text).toMatch(new RegExp(`${app.url.replace(/[/.]/g, '\\$&')}/email_changes/[A-Za-z0-9_-]+/confirm`));
    // nothing changed yet: the old address still signs in
    expect((await client.get('/api/v1/me').expect(200)).body.data.user.email).toBe(email);
    await request(app.url).post('/sessions').send({ email: next, password: ACCOUNT_PASSWORD }).expect(401);

    const link = await confirmPathFor(app, next);
    expect((await request(app.url).post(link).expect(201)).body).toEqual({ data: { email: next } });
    expect((await client.get('/api/v1/me').expect(200)).body.data.user.email).toBe(next);
    expect((await client.get('/api/v1/account').expect(200)).body.data).toMatchObject({
      email: next,
      pendingEmail: null,
    });
    await signIn(app.url, next, ACCOUNT_PASSWORD);
    await request(app.url).post('/sessions').send({ email, password: ACCOUNT_PASSWORD }).expect(401);

    const [notice] = await mailTo(app, email);
    expect(notice.subject).toBe('Your Tocsin email was changed');
    expect(notice.text).toContain(`changed from ${email} to ${next}`);
    // the link works once
    expect((await request(app.url).post(link).expect(404)).body).toEqual({
      error: 'not_found',
      message: 'This email confirmation link is invalid or has expired. Change your email again from your profile.',
    });
    // the old address is free again: someone else may sign up with it
    await signUp(app.url, { name: 'Newcomer', email, password: ACCOUNT_PASSWORD, organization_name: 'Newcomer Org' });
  });

  it('refuses an address another account uses with a 409, a wrong or missing password with a 422 and its own address with a 400, writing nothing', async () => {
    const { client, email, userId } = await newUser(app, 'refused');
    const other = await newUser(app, 'other');
    const before = await userEventCount(app, userId);
    const taken = await client
      .post('/api/v1/account/email_change')
      .send({ email: other.email, current_password: ACCOUNT_PASSWORD })
      .expect(409);
    expect(taken.body).toEqual({
      error: 'conflict',
      message: 'This email address is already used by another account.',
      fields: { email: ['This email address is already used by another account.'] },
    });
    const wrong = await client
      .post('/api/v1/account/email_change')
      .send({ email: freshAddress('x'), current_password: 'not-my-password' })
      .expect(422);
    expect(wrong.body).toEqual({
      error: 'invalid',
      message: 'Current password is invalid',
      fields: { current_password: ['is invalid'] },
    });
    const missing = await client
      .post('/api/v1/account/email_change')
      .send({ email: freshAddress('x') })
      .expect(422);
    expect(missing.body.fields).toEqual({ current_password: ['is required'] });
    const own = await client
      .post('/api/v1/account/email_change')
      .send({ email, current_password: ACCOUNT_PASSWORD })
      .expect(400);
    expect(own.body).toMatchObject({
      error: 'invalid',
      message: 'This is already your email address.',
      fields: { email: ['This is already your email address.'] },
    });
    const malformed = await client
      .post('/api/v1/account/email_change')
      .send({ email: 'not-an-email', current_password: ACCOUNT_PASSWORD })
      .expect(400);
    expect(malformed.body.message).toContain('email must be a valid email');
    expect(await userEventCount(app, userId)).toBe(before);
    await request(app.url)
      .post('/api/v1/account/email_change')
      .send({ email: freshAddress('x'), current_password: ACCOUNT_PASSWORD })
      .expect(401);
  });

  it('refuses the link once the address was taken by someone else meanwhile, keeping the old email', async () => {
    const { client, email } = await newUser(app, 'race');
    const next = freshAddress('contested');
    await client
      .post('/api/v1/account/email_change')
      .send({ email: next, current_password: ACCOUNT_PASSWORD })
      .expect(202);
    await signUp(app.url, {
      name: 'Quicker',
      email: next,
      password: ACCOUNT_PASSWORD,
      organization_name: 'Quicker Org',
    });
    const refused = await request(app.url)
      .post(await confirmPathFor(app, next))
      .expect(409);
    expect(refused.body.message).toBe('This email address is already used by another account.');
    expect((await client.get('/api/v1/me').expect(200)).body.data.user.email).toBe(email);
  });

  it('lets the link expire after 24 hours, and a newer request replaces an older link', async () => {
    const { client, email } = await newUser(app, 'expiry');
    const first = freshAddress('first');
    await client
      .post('/api/v1/account/email_change')
      .send({ email: first, current_password: ACCOUNT_PASSWORD })
      .expect(202);
    const firstLink = await confirmPathFor(app, first);
    const second = freshAddress('second');
    await client
      .post('/api/v1/account/email_change')
      .send({ email: second, current_password: ACCOUNT_PASSWORD })
      .expect(202);
    await request(app.url).post(firstLink).expect(404);

    await clock.advance(24 * 3600 * 1000);
    expect((await client.get('/api/v1/account').expect(200)).body.data.pendingEmail).toBeNull();
    await request(app.url)
      .post(await confirmPathFor(app, second))
      .expect(404);
    expect((await client.get('/api/v1/me').expect(200)).body.data.user.email).toBe(email);

    // a new request after expiry works
    await client
      .post('/api/v1/account/email_change')
      .send({ email: second, current_password: ACCOUNT_PASSWORD })
      .expect(202);
    await clock.advance(24 * 3600 * 1000 - 1);
    await request(app.url)
      .post(await confirmPathFor(app, second))
      .expect(201);
    expect((await client.get('/api/v1/me').expect(200)).body.data.user.email).toBe(second);
  });
});
