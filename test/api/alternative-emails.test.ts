import request from 'supertest';
import { ALTERNATIVE_EMAIL_MESSAGES as M, alternativeEmailStream } from '@tocsin/domain';
import { ManualClock } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { newUser } from './account.support';

const EMAILS = '/internal_api/v1/alternative_emails';
const HOUR = 3_600_000;
let seq = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${seq++}@alt.example.com`;

describe('alternative emails', () => {
  let app: TestApp;
  const clock = new ManualClock();

  beforeAll(async () => {
    app = await startApp({ clock });
  });
  afterAll(() => app.close());

  /** The token of the newest verification link mailed to an address. */
  async function lastToken(email: string): Promise<string> {
    const { body } = await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200);
    const token = /\/alternative_emails\/([A-Za-z0-9_-]+)\/verify/.exec(body.data[0]?.text ?? '')?.[1];
    if (!token) throw new Error(`no link was mailed to ${email}`);
    return token;
  }
  const mailCount = async (email: string) =>
    (await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body.data.length;

  it('adds an address, mails it a link, and the link verifies it without a session', async () => {
    const { client } = await newUser(app, 'alt-add');
    const email = freshEmail('alt-add');
    const added = await client
      .post(EMAILS)
      .send({ email: `  ${email.toUpperCase()} ` })
      .expect(201);
    expect(added.body.data).toMatchObject({ email, verified: false });
    const token = await lastToken(email);
    expect(token).toHaveLength(43);

    const verified = await request(app.url).get(`${EMAILS}/verify/${token}`).expect(200);
    expect(verified.body.data).toEqual({ ...added.body.data, verified: true });
    await request(app.url).get(`${EMAILS}/verify/${token}`).expect(200);
    expect((await client.get(EMAILS).expect(200)).body.data).toEqual([verified.body.data]);
    await client.post(`${EMAILS}/${added.body.data.id}/resend`).expect(409);

    const events = await app.runtime.infra.eventStore.readStream(alternativeEmailStream(added.body.data.id));
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(token);
    expect(events.every((e) => e.metadata.orgId === '')).toBe(true);
  });

  it('only the newest link works, for 24 hours', async () => {
    const { client } = await newUser(app, 'alt-links');
    const email = freshEmail('alt-links');
    const id = (await client.post(EMAILS).send({ email }).expect(201)).body.data.id;
    const first = await lastToken(email);
    await client.post(`${EMAILS}/${id}/resend`).expect(201);
    const second = await lastToken(email);
    expect((await request(app.url).get(`${EMAILS}/verify/${first}`).expect(422)).body).toMatchObject({
      error: 'invalid',
      message: M.badLink,
    });
    await request(app.url).get(`${EMAILS}/verify/not-a-token`).expect(422);
    await clock.advance(24 * HOUR);
    await request(app.url).get(`${EMAILS}/verify/${second}`).expect(422);
    await client.post(`${EMAILS}/${id}/resend`).expect(201);
    await request(app.url)
      .get(`${EMAILS}/verify/${await lastToken(email)}`)
      .expect(200);
  });

  it('mails at most 5 links an hour to an address', async () => {
    const { client } = await newUser(app, 'alt-limit');
    const email = freshEmail('alt-limit');
    const id = (await client.post(EMAILS).send({ email }).expect(201)).body.data.id;
    for (let i = 0; i < 4; i++) await client.post(`${EMAILS}/${id}/resend`).expect(201);
    expect((await client.post(`${EMAILS}/${id}/resend`).expect(429)).body).toMatchObject({
      error: 'too_many_requests',
      message: M.tooManyLinks,
    });
    expect(await mailCount(email)).toBe(5);
    await clock.advance(HOUR);
    await client.post(`${EMAILS}/${id}/resend`).expect(201);
  });

  it.each([
    [{}, { email: [M.required] }],
    [{ email: 42 }, { email: [M.invalid] }],
    [{ email: '   ' }, { email: [M.required] }],
    [{ email: 'not-an-email' }, { email: [M.invalid] }],
    [{ email: `${'a'.repeat(250)}@example.com` }, { email: [M.invalid] }],
    [{ email: 'a@example.com', primary: true }, { primary: ['property primary should not exist'] }],
  ])('refuses %j with 400, writing nothing', async (body, fields) => {
    const { client } = await newUser(app, 'alt-bad');
    expect((await client.post(EMAILS).send(body).expect(400)).body.fields).toEqual(fields);
    expect((await client.get(EMAILS).expect(200)).body.data).toEqual([]);
  });

  it("refuses the account's own email and an address already added with 409", async () => {
    const { client, email: own } = await newUser(app, 'alt-dup');
    expect((await client.post(EMAILS).send({ email: own }).expect(409)).body.fields).toEqual({ email: [M.primary] });
    const email = freshEmail('alt-dup');
    await client.post(EMAILS).send({ email }).expect(201);
    expect((await client.post(EMAILS).send({ email: email.toUpperCase() }).expect(409)).body.fields).toEqual({
      email: [M.alreadyAdded],
    });
    expect(await mailCount(email)).toBe(1);
  });

  it("removes an address; another person's answers 404 and is untouched", async () => {
    const { client: owner } = await newUser(app, 'alt-owner');
    const { client: other } = await newUser(app, 'alt-other');
    const email = freshEmail('alt-owner');
    const id = (await owner.post(EMAILS).send({ email }).expect(201)).body.data.id;
    await other.post(`${EMAILS}/${id}/resend`).expect(404);
    await other.delete(`${EMAILS}/${id}`).expect(404);
    expect((await other.get(EMAILS).expect(200)).body.data).toEqual([]);
    expect(await mailCount(email)).toBe(1);
    await owner.delete(`${EMAILS}/${id}`).expect(204);
    await owner.delete(`${EMAILS}/${id}`).expect(404);
    await request(app.url)
      .get(`${EMAILS}/verify/${await lastToken(email)}`)
      .expect(422);
    expect((await owner.get(EMAILS).expect(200)).body.data).toEqual([]);
  });

  it('answers 401 to anonymous callers except on the link', async () => {
    const anonymous = request(app.url);
    await anonymous.get(EMAILS).expect(401);
    await anonymous
      .post(EMAILS)
      .send({ email: freshEmail('anon') })
      .expect(401);
    await anonymous.post(`${EMAILS}/x/resend`).expect(401);
    await anonymous.delete(`${EMAILS}/x`).expect(401);
  });
});
