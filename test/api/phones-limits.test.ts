import { PHONE_MESSAGES } from '@tocsin/domain';
import { ManualClock } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { newUser } from './account.support';
import { freshNumber, lastCode, lastMessage, messageCount, otherThan, PHONES } from './phones.support';

const MINUTE = 60_000;

/** Time moves only when the test says so: expiry and the hourly limit without waiting. */
describe('phones: code expiry, wrong attempts and the resend limit', () => {
  let app: TestApp;
  const clock = new ManualClock();

  beforeAll(async () => {
    app = await startApp({ clock });
  });
  afterAll(() => app.close());

  async function addPhone(label: string) {
    const { client } = await newUser(app, label);
    const number = freshNumber();
    const id = (await client.post(PHONES).send({ number, verification_method: 'sms' }).expect(201)).body.data
      .id as string;
    return { client, number, id };
  }

  it('refuses a code after 10 minutes; a new code works', async () => {
    const { client, number, id } = await addPhone('phone-expiry');
    const first = await lastCode(app, number);
    await clock.advance(10 * MINUTE);
    const expired = await client.put(`${PHONES}/${id}/verify`).send({ code: first }).expect(422);
    expect(expired.body).toMatchObject({
      error: 'invalid',
      message: PHONE_MESSAGES.codeExpired,
      fields: { code: [PHONE_MESSAGES.codeExpired] },
    });
    await client.put(`${PHONES}/${id}/resend`).send({}).expect(200);
    await clock.advance(9 * MINUTE);
    await client
      .put(`${PHONES}/${id}/verify`)
      .send({ code: await lastCode(app, number) })
      .expect(200);
  });

  it('counts wrong codes: after the fifth even the right code is refused until a new one is sent', async () => {
    const { client, number, id } = await addPhone('phone-attempts');
    const code = await lastCode(app, number);
    for (let left = 4; left >= 1; left--) {
      const wrong = await client
        .put(`${PHONES}/${id}/verify`)
        .send({ code: otherThan(code) })
        .expect(422);
      expect(wrong.body).toMatchObject({
        message: PHONE_MESSAGES.wrongCode,
        fields: { code: [PHONE_MESSAGES.wrongCode] },
        attempts_left: left,
      });
    }
    const fifth = await client
      .put(`${PHONES}/${id}/verify`)
      .send({ code: otherThan(code) })
      .expect(422);
    expect(fifth.body).toMatchObject({ message: PHONE_MESSAGES.tooManyWrongCodes, attempts_left: 0 });
    const right = await client.put(`${PHONES}/${id}/verify`).send({ code }).expect(422);
    expect(right.body.message).toBe(PHONE_MESSAGES.tooManyWrongCodes);
    expect((await client.get(PHONES).expect(200)).body.data[0].verified).toBe(false);

    await client.put(`${PHONES}/${id}/resend`).send({}).expect(200);
    await client
      .put(`${PHONES}/${id}/verify`)
      .send({ code: await lastCode(app, number) })
      .expect(200);
  });

  it('sends at most 5 codes an hour to a number, the first included, by the method asked for', async () => {
    const { client, number, id } = await addPhone('phone-resend');
    for (let i = 0; i < 4; i++) {
      await clock.advance(MINUTE);
      await client.put(`${PHONES}/${id}/resend`).send({ verification_method: 'whats_app' }).expect(200);
    }
    expect(await lastMessage(app, number)).toMatchObject({ subject: '[whats_app] Tocsin verification code' });
    const refused = await client.put(`${PHONES}/${id}/resend`).send({}).expect(429);
    expect(refused.body).toMatchObject({ error: 'too_many_requests', message: PHONE_MESSAGES.tooManyCodes });
    expect(await messageCount(app, number)).toBe(5);

    await clock.advance(57 * MINUTE);
    const again = await client.put(`${PHONES}/${id}/resend`).send({ verification_method: 'voice' }).expect(200);
    expect(again.body.data.verification_method).toBe('voice');
    expect(await lastMessage(app, number)).toMatchObject({ subject: '[voice] Tocsin verification code' });
    await client
      .put(`${PHONES}/${id}/verify`)
      .send({ code: await lastCode(app, number) })
      .expect(200);
  });

  it('sends a person at most 20 codes an hour across numbers, so removing and re-adding does not reset the count', async () => {
    await clock.advance(61 * MINUTE);
    const { client } = await newUser(app, 'phone-user-limit');
    for (let phone = 0; phone < 4; phone++) {
      const { body } = await client
        .post(PHONES)
        .send({ number: freshNumber(), verification_method: 'sms' })
        .expect(201);
      for (let resend = 0; resend < 4; resend++)
        await client.put(`${PHONES}/${body.data.id}/resend`).send({}).expect(200);
      await client.delete(`${PHONES}/${body.data.id}`).expect(204);
    }
    const number = freshNumber();
    const refused = await client.post(PHONES).send({ number, verification_method: 'sms' }).expect(429);
    expect(refused.body.error).toBe('too_many_requests');
    expect((await client.get(PHONES).expect(200)).body.data).toEqual([]);
    expect(await messageCount(app, number)).toBe(0);
  });
});
