import request from 'supertest';
import { CSRF_HEADER, PHONES_API } from '@tocsin/contracts';
import { phoneStream } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { newUser } from './account.support';
import { freshNumber, lastCode, PHONES } from './phones.support';

/**
 * SPEC.md section 7 writes the phone calls at /phones, where the web calls them; /api/v1/phones answers too.
 * Both paths are the same handlers: the same answers, the same session and CSRF rules, the same refusals.
 */
describe('phones at the paths SPEC.md section 7 writes (/phones)', () => {
  let app: TestApp;
  const head = () => app.runtime.infra.eventStore.headPosition();

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('lists, adds, resends, verifies and removes at /phones, each answer what /api/v1/phones answers', async () => {
    expect(PHONES_API).toBe('/phones');
    const { client } = await newUser(app, 'phone-spec-paths');
    expect((await client.get(PHONES_API).expect(200)).body).toEqual({
      data: [],
      pagination: { page: 1, per_page: 20, total: 0, total_pages: 1 },
    });

    const number = freshNumber();
    const added = await client.post(PHONES_API).send({ number, verification_method: 'sms' }).expect(201);
    expect(added.body.data).toMatchObject({ number, verification_method: 'sms', verified: false });
    const id = added.body.data.id as string;
    expect((await client.get(PHONES_API).expect(200)).body).toEqual((await client.get(PHONES).expect(200)).body);

    const resent = await client.put(`${PHONES_API}/${id}/resend`).send({ verification_method: 'voice' }).expect(200);
    expect(resent.body.data).toMatchObject({ id, verification_method: 'voice', verified: false });
    const verified = await client
      .put(`${PHONES_API}/${id}/verify`)
      .send({ code: await lastCode(app, number) })
      .expect(200);
    expect(verified.body.data).toMatchObject({ id, number, verified: true });
    expect(
      (await client.get(PHONES_API).query({ verified: 'true' }).expect(200)).body.data.map((p: { id: string }) => p.id),
    ).toEqual([id]);

    await client.delete(`${PHONES_API}/${id}`).expect(204);
    await client.delete(`${PHONES}/${id}`).expect(404);
    expect((await client.get(PHONES_API).expect(200)).body.data).toEqual([]);
    const events = await app.runtime.infra.eventStore.readStream(phoneStream(id));
    expect(events.map((e) => e.type)).toEqual([
      'PhoneAdded',
      'PhoneVerificationSent',
      'PhoneVerificationSent',
      'PhoneVerified',
      'PhoneRemoved',
    ]);
  });

  it('refuses bad input at /phones in the words of /api/v1/phones', async () => {
    const { client } = await newUser(app, 'phone-spec-paths-input');
    const before = await head();
    for (const path of [PHONES_API, PHONES]) {
      expect(
        (await client.post(path).send({ number: '', verification_method: 'sms' }).expect(400)).body.fields,
      ).toEqual({ number: ['Phone number is required'] });
      expect(
        (await client.post(path).send({ number: '12', verification_method: 'sms' }).expect(400)).body.fields,
      ).toEqual({ number: ['Phone number is not valid'] });
      expect((await client.get(path).query({ per_page: 0 }).expect(400)).body.fields).toEqual({
        per_page: ['per_page must be at least 1'],
      });
      expect((await client.put(`${path}/not-mine/verify`).send({}).expect(400)).body.fields).toEqual({
        code: ['Required'],
      });
    }
    expect(await head()).toBe(before);
  });

  it('answers 401 at every /phones path without a session, and after sign-out', async () => {
    const anonymous = request(app.url);
    await anonymous.get(PHONES_API).expect(401);
    await anonymous.post(PHONES_API).send({ number: freshNumber(), verification_method: 'sms' }).expect(401);
    await anonymous.put(`${PHONES_API}/some-id/verify`).send({ code: '123456' }).expect(401);
    await anonymous.put(`${PHONES_API}/some-id/resend`).send({}).expect(401);
    await anonymous.delete(`${PHONES_API}/some-id`).expect(401);

    // the cookie of a session that was signed out, sent again as a stolen or stale cookie would be
    const { client } = await newUser(app, 'phone-spec-paths-signed-out');
    await client.get(PHONES_API).expect(200);
    await client.delete('/sessions').expect(204);
    await request(app.url).get(PHONES_API).set('Cookie', client.cookie).expect(401);
  });

  it('refuses a mutation at /phones without the CSRF header, or with another one, as at /api/v1/phones', async () => {
    const { client } = await newUser(app, 'phone-spec-paths-csrf');
    const id = (await client.post(PHONES_API).send({ number: freshNumber(), verification_method: 'sms' }).expect(201))
      .body.data.id as string;
    const before = await head();
    const refused = { error: 'csrf', message: 'Your session could not be verified. Reload the page and try again.' };
    for (const path of [PHONES_API, PHONES]) {
      // the agent carries the session cookie; only the header is missing or wrong, as in a cross-site form post
      expect(
        (await client.agent.post(path).send({ number: freshNumber(), verification_method: 'sms' }).expect(403)).body,
      ).toEqual(refused);
      expect(
        (await client.agent.put(`${path}/${id}/resend`).set(CSRF_HEADER, 'not-the-cookie').send({}).expect(403)).body,
      ).toEqual(refused);
      expect((await client.agent.put(`${path}/${id}/verify`).send({ code: '123456' }).expect(403)).body).toEqual(
        refused,
      );
      expect((await client.agent.delete(`${path}/${id}`).expect(403)).body).toEqual(refused);
    }
    expect(await head()).toBe(before);
    expect((await client.get(PHONES_API).expect(200)).body.data.map((p: { id: string }) => p.id)).toEqual([id]);
  });

  it("answers 404 at /phones for another person's phone", async () => {
    const { client: owner } = await newUser(app, 'phone-spec-paths-owner');
    const { client: other } = await newUser(app, 'phone-spec-paths-other');
    const id = (await owner.post(PHONES_API).send({ number: freshNumber(), verification_method: 'sms' }).expect(201))
      .body.data.id as string;
    await other.put(`${PHONES_API}/${id}/verify`).send({ code: '123456' }).expect(404);
    await other.put(`${PHONES_API}/${id}/resend`).send({}).expect(404);
    await other.delete(`${PHONES_API}/${id}`).expect(404);
    expect((await other.get(PHONES_API).expect(200)).body.data).toEqual([]);
  });

  it('answers the call, not the web app, when a browser asks for /phones', async () => {
    const { client } = await newUser(app, 'phone-spec-paths-browser');
    const response = await client
      .get(PHONES_API)
      .set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8')
      .expect(200);
    expect(response.type).toBe('application/json');
    expect(response.body.data).toEqual([]);
  });
});
