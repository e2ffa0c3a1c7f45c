import { PHONE_MESSAGES } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { newUser } from './account.support';
import { freshNumber, lastCode, messageCount, PHONES } from './phones.support';

describe('phones: refused input writes nothing', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it.each([
    [{ verification_method: 'sms' }, PHONE_MESSAGES.numberRequired],
    [{ number: '   ', verification_method: 'sms' }, PHONE_MESSAGES.numberRequired],
    [{ number: 'call me', verification_method: 'sms' }, PHONE_MESSAGES.numberInvalid],
    [{ number: '+1 555 000 1234', verification_method: 'sms' }, PHONE_MESSAGES.numberInvalid],
    [{ number: '12', verification_method: 'sms' }, PHONE_MESSAGES.numberInvalid],
    [{ number: 4155552671, verification_method: 'sms' }, PHONE_MESSAGES.numberInvalid],
    [{ number: `+1415555${'2'.repeat(40)}`, verification_method: 'sms' }, PHONE_MESSAGES.numberInvalid],
  ])('refuses the number of %j with 400 and the field message', async (body, message) => {
    const { client } = await newUser(app, 'phone-bad-number');
    const response = await client.post(PHONES).send(body).expect(400);
    expect(response.body.fields).toEqual({ number: [message] });
    expect((await client.get(PHONES).expect(200)).body.data).toEqual([]);
  });

  it('refuses a missing or unknown method and unknown fields on add, sending nothing', async () => {
    const { client } = await newUser(app, 'phone-bad-method');
    const number = freshNumber();
    expect((await client.post(PHONES).send({ number }).expect(400)).body.fields).toEqual({
      verification_method: [PHONE_MESSAGES.method],
    });
    expect((await client.post(PHONES).send({ number, verification_method: 'fax' }).expect(400)).body.fields).toEqual({
      verification_method: [PHONE_MESSAGES.method],
    });
    expect(
      Object.keys(
        (await client.post(PHONES).send({ number, verification_method: 'sms', verified: true }).expect(400)).body
          .fields,
      ),
    ).toEqual(['verified']);
    expect((await client.get(PHONES).expect(200)).body.data).toEqual([]);
    expect(await messageCount(app, number)).toBe(0);
  });

  it.each([
    [{}, PHONE_MESSAGES.codeRequired],
    [{ code: '' }, PHONE_MESSAGES.codeRequired],
    [{ code: '12345' }, PHONE_MESSAGES.codeFormat],
    [{ code: '1234567' }, PHONE_MESSAGES.codeFormat],
    [{ code: '12a456' }, PHONE_MESSAGES.codeFormat],
    [{ code: 123456 }, PHONE_MESSAGES.codeFormat],
  ])('refuses the code of %j with 400 without counting an attempt', async (body, message) => {
    const { client } = await newUser(app, 'phone-bad-code');
    const number = freshNumber();
    const id = (await client.post(PHONES).send({ number, verification_method: 'sms' }).expect(201)).body.data.id;
    expect((await client.put(`${PHONES}/${id}/verify`).send(body).expect(400)).body.fields).toEqual({
      code: [message],
    });
    const events = await app.runtime.infra.eventStore.readStream(`phone-${id}`);
    expect(events.map((e) => e.type)).toEqual(['PhoneAdded', 'PhoneVerificationSent']);
    await client
      .put(`${PHONES}/${id}/verify`)
      .send({ code: await lastCode(app, number) })
      .expect(200);
  });

  it('refuses a bad resend method, bad paging and filters', async () => {
    const { client } = await newUser(app, 'phone-bad-resend');
    const number = freshNumber();
    const id = (await client.post(PHONES).send({ number, verification_method: 'sms' }).expect(201)).body.data.id;
    expect(
      (await client.put(`${PHONES}/${id}/resend`).send({ verification_method: 'pigeon' }).expect(400)).body.fields,
    ).toEqual({ verification_method: [PHONE_MESSAGES.method] });
    await client.put(`${PHONES}/${id}/resend`).send({ number }).expect(400);
    expect(await messageCount(app, number)).toBe(1);
    expect((await client.get(PHONES).query({ per_page: 0 }).expect(400)).body.fields).toEqual({
      per_page: ['per_page must be at least 1'],
    });
    expect((await client.get(PHONES).query({ page: 'two' }).expect(400)).body.fields.page).toContain(
      'page must be a whole number',
    );
    expect((await client.get(PHONES).query({ verified: 'maybe' }).expect(400)).body.fields).toEqual({
      verified: ['verified must be true or false'],
    });
  });

  it('ignores consent outside simple verification: a code is still needed', async () => {
    const { client } = await newUser(app, 'phone-consent-off');
    const number = freshNumber();
    const { body } = await client.post(PHONES).send({ number, verification_method: 'sms', consent: true }).expect(201);
    expect(body.data.verified).toBe(false);
    expect(await messageCount(app, number)).toBe(1);
  });
});

describe('phones: simple verification (SIMPLE_PHONE_VERIFICATION=true)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({ env: { SIMPLE_PHONE_VERIFICATION: 'true' } });
  });
  afterAll(() => app.close());

  it('verifies a number at once on consent, sending nothing', async () => {
    const { client } = await newUser(app, 'phone-simple');
    const number = freshNumber();
    const { body } = await client.post(PHONES).send({ number, consent: true }).expect(201);
    expect(body.data).toMatchObject({ number, verification_method: 'sms', verified: true });
    expect(await messageCount(app, number)).toBe(0);
    await client.put(`${PHONES}/${body.data.id}/resend`).send({}).expect(409);
  });

  it.each([{}, { consent: false }, { consent: 'yes' }])('refuses consent %j with the opt-in message', async (extra) => {
    const { client } = await newUser(app, 'phone-simple-refused');
    const response = await client
      .post(PHONES)
      .send({ number: freshNumber(), ...extra })
      .expect(400);
    expect(response.body.fields).toEqual({ consent: [PHONE_MESSAGES.consent] });
    expect((await client.get(PHONES).expect(200)).body.data).toEqual([]);
  });
});
