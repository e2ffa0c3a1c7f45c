import request from 'supertest';
import { phoneStream } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { newUser } from './account.support';
import { freshNumber, lastCode, lastMessage, messageCount, PHONES } from './phones.support';

describe('phones: add, verify, list, remove', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('adds a number typed without a country code as +1 E.164, sends a code by SMS, and verifies with it', async () => {
    const { client } = await newUser(app, 'phone-add');
    const number = freshNumber();
    const typed = `(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`;
    const added = await client.post(PHONES).send({ number: typed, verification_method: 'sms' }).expect(201);
    expect(added.body.data).toMatchObject({ number, verification_method: 'sms', verified: false });
    expect(await lastMessage(app, number)).toMatchObject({
      subject: '[sms] Tocsin verification code',
      text: expect.stringContaining('expires in 10 minutes'),
    });

    const id = added.body.data.id as string;
    const verified = await client
      .put(`${PHONES}/${id}/verify`)
      .send({ code: await lastCode(app, number) })
      .expect(200);
    expect(verified.body.data).toMatchObject({ id, number, verified: true });
    await client
      .put(`${PHONES}/${id}/verify`)
      .send({ code: await lastCode(app, number) })
      .expect(409);
    await client.put(`${PHONES}/${id}/resend`).send({}).expect(409);
  });

  it('keeps the code only hashed, and the events of no organization', async () => {
    const { client } = await newUser(app, 'phone-log');
    const number = freshNumber();
    const { body } = await client.post(PHONES).send({ number, verification_method: 'voice' }).expect(201);
    const code = await lastCode(app, number);
    const events = await app.runtime.infra.eventStore.readStream(phoneStream(body.data.id));
    expect(events.map((e) => e.type)).toEqual(['PhoneAdded', 'PhoneVerificationSent']);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(code);
    expect(events.every((e) => e.metadata.orgId === '')).toBe(true);
  });

  it("lists only the caller's phones, 20 a page, oldest first, optionally by verification", async () => {
    const { client } = await newUser(app, 'phone-list');
    const numbers = [freshNumber(), freshNumber(), freshNumber()];
    const ids: string[] = [];
    for (const number of numbers)
      ids.push((await client.post(PHONES).send({ number, verification_method: 'sms' }).expect(201)).body.data.id);
    await client
      .put(`${PHONES}/${ids[1]}/verify`)
      .send({ code: await lastCode(app, numbers[1]) })
      .expect(200);

    const all = await client.get(PHONES).expect(200);
    expect(all.body.data.map((p: { number: string }) => p.number)).toEqual(numbers);
    expect(all.body.pagination).toEqual({ page: 1, per_page: 20, total: 3, total_pages: 1 });
    const second = await client.get(PHONES).query({ per_page: 2, page: 2 }).expect(200);
    expect(second.body).toEqual({
      data: [expect.objectContaining({ number: numbers[2] })],
      pagination: { page: 2, per_page: 2, total: 3, total_pages: 2 },
    });
    const verified = await client.get(PHONES).query({ verified: 'true' }).expect(200);
    expect(verified.body.data.map((p: { id: string }) => p.id)).toEqual([ids[1]]);

    const { client: stranger } = await newUser(app, 'phone-list-other');
    expect((await stranger.get(PHONES).expect(200)).body).toEqual({
      data: [],
      pagination: { page: 1, per_page: 20, total: 0, total_pages: 1 },
    });
  });

  it('removes a phone, after which it is gone and the number can be added again', async () => {
    const { client } = await newUser(app, 'phone-remove');
    const number = freshNumber();
    const id = (await client.post(PHONES).send({ number, verification_method: 'sms' }).expect(201)).body.data.id;
    await client.post(PHONES).send({ number, verification_method: 'sms' }).expect(409);
    await client.delete(`${PHONES}/${id}`).expect(204);
    await client.delete(`${PHONES}/${id}`).expect(404);
    await client.put(`${PHONES}/${id}/verify`).send({ code: '123456' }).expect(404);
    expect((await client.get(PHONES).expect(200)).body.data).toEqual([]);
    await client.post(PHONES).send({ number, verification_method: 'whats_app' }).expect(201);
  });

  it("answers 404 for another person's phone on every endpoint, changing nothing", async () => {
    const { client: owner } = await newUser(app, 'phone-owner');
    const { client: other } = await newUser(app, 'phone-other');
    const number = freshNumber();
    const id = (await owner.post(PHONES).send({ number, verification_method: 'sms' }).expect(201)).body.data.id;
    const code = await lastCode(app, number);
    await other.put(`${PHONES}/${id}/verify`).send({ code }).expect(404);
    await other.put(`${PHONES}/${id}/resend`).send({ verification_method: 'sms' }).expect(404);
    await other.delete(`${PHONES}/${id}`).expect(404);
    await other.put(`${PHONES}/not-a-phone/resend`).send({}).expect(404);
    expect(await messageCount(app, number)).toBe(1);
    await owner.put(`${PHONES}/${id}/verify`).send({ code }).expect(200);
  });

  it('answers 401 to anonymous callers on every phone endpoint', async () => {
    const anonymous = request(app.url);
    await anonymous.get(PHONES).expect(401);
    await anonymous.post(PHONES).send({ number: freshNumber(), verification_method: 'sms' }).expect(401);
    await anonymous.put(`${PHONES}/x/verify`).send({ code: '123456' }).expect(401);
    await anonymous.put(`${PHONES}/x/resend`).send({}).expect(401);
    await anonymous.delete(`${PHONES}/x`).expect(401);
  });
});
