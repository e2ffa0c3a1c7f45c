import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describeNotificationType, type NotificationType } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';

describe('notification preferences API', () => {
  let app: TestApp;
  let owner: Client;
  let member: Client;
  const path = '/api/v1/signals_notification_settings';
  const memberEmail = { type: 'email', value: 'member@demo.tocsin.dev' };
  const valid = { notification_type: 'email', destination: memberEmail, delay: 'PT5M', notification_priority: 'HIGH' };
  /** SPEC.md section 3: the type comes back described (notification_type, type, value, label). */
  const asReturned = <T extends { notification_type: string }>(fields: T) => ({
    ...fields,
    notification_type: describeNotificationType(fields.notification_type as NotificationType),
  });
  const eventCount = async () => (await owner.get('/api/v1/history').query({ per_page: 500 })).body.data.length;
  const ids = (response: request.Response) => response.body.data.map((s: { id: string }) => s.id);

  const TYPES = 'notification_type must be one of email, slack, microsoft_teams, sms, voice, whats_app, apns, fcm';
  const DELAYS = 'delay must be one of PT0S, PT1M, PT2M, PT5M, PT10M, PT15M, PT30M, PT1H';
  const PRIORITIES = 'notification_priority must be one of HIGH, MEDIUM, LOW';
  const NEW_ID =
    'A new setting gets its id from the server; change an existing setting with PATCH signals_notification_settings/{id}';

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    member = await signInAs(app.url, 'member');
  });
  afterAll(() => app.close());

  it("lists the caller's destinations: the account email", async () => {
    const { body } = await member.get('/api/v1/signals/destinations').expect(200);
    expect(body).toEqual({ data: [{ ...memberEmail, label: 'member@demo.tocsin.dev' }] });
  });

  it('offers verified phones too, and accepts a setting only for a phone the user verified', async () => {
    const memberDoc = await app.runtime.infra.readStore.findOne<{ _id: string }>('users', {
      email: 'member@demo.tocsin.dev',
    });
    const userId = memberDoc!._id;
    // phones are recorded as the phones area records them: a number added, then verified (or not)
    const addPhone = async (number: string, verified: boolean) => {
      const phoneId = randomUUID();
      const metadata = {
        orgId: null,
        actorId: userId,
        commandId: randomUUID(),
        correlationId: 'test',
        causationId: 'test',
        occurredAt: new Date().toISOString(),
        schemaVersion: 1,
      };
      const events = [
        { id: randomUUID(), type: 'PhoneAdded', data: { phoneId, userId, number, method: 'sms' }, metadata },
      ];
      if (verified)
        events.push({
          id: randomUUID(),
          type: 'PhoneVerified',
          data: { phoneId, userId, via: 'code' } as never,
          metadata,
        });
      const { position } = await app.runtime.infra.eventStore.append(`phone-${phoneId}`, events, 'no_stream');
      await app.runtime.runner!.waitFor(position);
    };
    await addPhone('+15550001111', true);
    await addPhone('+15550002222', false);
    const { body } = await member.get('/api/v1/signals/destinations').expect(200);
    expect(body.data).toEqual([
      { ...memberEmail, label: memberEmail.value },
      { type: 'phone', value: '+15550001111', label: '+15550001111' },
    ]);

    const sms = { ...valid, notification_type: 'sms', destination: { type: 'phone', value: '+15550001111' } };
    const created = await member.post(path).send(sms).expect(201);
    expect(created.body.data).toMatchObject(asReturned(sms));
    const refused = await member
      .post(path)
      .send({ ...sms, destination: { type: 'phone', value: '+15550002222' } })
      .expect(400);
    expect(refused.body.fields).toEqual({ destination: ['destination must be one of your available destinations'] });
    await member.delete(`${path}/${created.body.data.id}`).expect(204);
  });

  it('creates, lists, filters, changes and deletes a setting, reading its own writes', async () => {
    const created = await member.post(path).send(valid).expect(201);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({ id, ...asReturned(valid) });
    expect(ids(await member.get(path).expect(200))).toContain(id);
    expect(ids(await member.get(path).query({ notification_priority: 'HIGH' }).expect(200))).toContain(id);
    expect(ids(await member.get(path).query({ notification_priority: 'LOW' }).expect(200))).not.toContain(id);

    const changed = await member
      .patch(`${path}/${id}`)
      .send({ delay: 'PT10M', notification_priority: 'LOW' })
      .expect(200);
    expect(changed.body.data).toMatchObject({ id, ...asReturned(valid), delay: 'PT10M', notification_priority: 'LOW' });
    const listed = await member.get(path).expect(200);
    expect(listed.body.data.find((s: { id: string }) => s.id === id)).toMatchObject({
      delay: 'PT10M',
      notification_priority: 'LOW',
    });

    await member.delete(`${path}/${id}`).expect(204);
    expect(ids(await member.get(path).expect(200))).not.toContain(id);
    await member.delete(`${path}/${id}`).expect(404);
  });

  it.each([
    [{}, { notification_type: ['Required'], delay: ['Required'], notification_priority: ['Required'] }],
    [{ ...valid, destination: undefined }, { destination: ['Required'] }],
    [
      { ...valid, delay: 'PT3M' },
      { delay: ['delay must be one of PT0S, PT1M, PT2M, PT5M, PT10M, PT15M, PT30M, PT1H'] },
    ],
    [
      { ...valid, destination: { type: 'email', value: 'someone-else@example.com' } },
      { destination: ['destination must be one of your available destinations'] },
    ],
    [{ ...valid, notification_type: 'sms' }, { destination: ['destination must be a phone destination for sms'] }],
    [{ ...valid, colour: 'red' }, { colour: ['property colour should not exist'] }],
    [{ ...valid, notification_type: 'pager' }, { notification_type: [TYPES] }],
    [{ ...valid, notification_type: 5 }, { notification_type: [TYPES] }],
    [{ ...valid, notification_type: ['email'] }, { notification_type: [TYPES] }],
    [{ ...valid, notification_type: {} }, { notification_type: [TYPES] }],
    [
      { ...valid, notification_type: { notification_type: 'pager', type: 'email', value: 'pager', label: 'Pager' } },
      { notification_type: [TYPES] },
    ],
    [{ ...valid, delay: 300 }, { delay: [DELAYS] }],
    [{ ...valid, delay: ['PT5M'] }, { delay: [DELAYS] }],
    [{ ...valid, delay: { value: 'PT3M' } }, { delay: [DELAYS] }],
    [{ ...valid, delay: { value: 300 } }, { delay: [DELAYS] }],
    [{ ...valid, notification_priority: 1 }, { notification_priority: [PRIORITIES] }],
    [{ ...valid, notification_priority: ['HIGH'] }, { notification_priority: [PRIORITIES] }],
    [{ ...valid, notification_priority: { value: 'HIGH' } }, { notification_priority: [PRIORITIES] }],
    [
      { ...valid, destination: 'member@demo.tocsin.dev' },
      { destination: ['destination must be a email destination for email'] },
    ],
    [{ ...valid, destination: [memberEmail] }, { destination: ['destination must be a email destination for email'] }],
    [
      { ...valid, destination: { type: 'email', value: 42 } },
      { destination: ['destination must be a email destination for email'] },
    ],
    [{ ...valid, id: 'my-own-id' }, { id: [NEW_ID] }],
  ])('refuses POST %j with a 400 naming the fields, writing nothing', async (body, fields) => {
    const before = await eventCount();
    const response = await member.post(path).send(body).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid', fields });
    expect(await eventCount()).toBe(before);
  });

  it('tells a user without a verified phone to add one', async () => {
    const body = { ...valid, notification_type: 'sms', destination: { type: 'phone', value: '+15550001' } };
    const response = await owner.post(path).send(body).expect(400);
    expect(response.body.fields).toEqual({
      destination: ['No Phone destinations available. Please add one or verify in your Profile settings.'],
    });
  });

  it('takes back a setting as it was returned: the described type and a delay given as an object with a value', async () => {
    const created = (await member.post(path).send(valid).expect(201)).body.data;
    expect(created.notification_type).toEqual({
      notification_type: 'email',
      type: 'email',
      value: 'email',
      label: 'Email',
    });
    const changed = await member
      .patch(`${path}/${created.id}`)
      .send({
        notification_type: created.notification_type,
        destination: created.destination,
        delay: { value: 'PT10M' },
        notification_priority: 'HIGH',
      })
      .expect(200);
    expect(changed.body.data).toMatchObject({ id: created.id, delay: 'PT10M', notification_type: { value: 'email' } });
    await member.delete(`${path}/${created.id}`).expect(204);
  });

  it('refuses a bad PATCH and leaves the setting as it was', async () => {
    const id = (await member.post(path).send(valid).expect(201)).body.data.id as string;
    const bad = await member.patch(`${path}/${id}`).send({ delay: null, notification_priority: 'URGENT' }).expect(400);
    expect(bad.body.fields).toEqual({
      delay: ['Required'],
      notification_priority: ['notification_priority must be one of HIGH, MEDIUM, LOW'],
    });
    const other = await member.patch(`${path}/${id}`).send({ id: 'other' }).expect(400);
    expect(other.body.fields).toEqual({ id: ['id must match the setting in the path'] });
    const listed = await member.get(path).expect(200);
    expect(listed.body.data.find((s: { id: string }) => s.id === id)).toMatchObject(asReturned(valid));
  });

  it.each([
    [{ notification_type: 'pager' }, { notification_type: [TYPES] }],
    [{ notification_type: 7 }, { notification_type: [TYPES] }],
    [{ notification_type: ['email'] }, { notification_type: [TYPES] }],
    [{ notification_type: { label: 'Email' } }, { notification_type: [TYPES] }],
    [{ delay: 60 }, { delay: [DELAYS] }],
    [{ delay: ['PT5M'] }, { delay: [DELAYS] }],
    [{ delay: { value: 'PT2H' } }, { delay: [DELAYS] }],
    [{ notification_priority: 2 }, { notification_priority: [PRIORITIES] }],
    [{ notification_priority: {} }, { notification_priority: [PRIORITIES] }],
    [{ destination: 'member@demo.tocsin.dev' }, { destination: ['destination must be a email destination for email'] }],
    [{ destination: [] }, { destination: ['destination must be a email destination for email'] }],
    [{ delay: 'PT1M', colour: 'red' }, { colour: ['property colour should not exist'] }],
    [{ id: null, delay: 'PT1M' }, { id: ['id must match the setting in the path'] }],
  ])('refuses PATCH %j with a 400 naming the fields, writing nothing', async (patch, fields) => {
    const created = (await member.post(path).send(valid).expect(201)).body.data;
    const before = await eventCount();
    const response = await member.patch(`${path}/${created.id}`).send(patch).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid', fields });
    expect(await eventCount()).toBe(before);
    expect((await member.get(path).expect(200)).body.data.find((s: { id: string }) => s.id === created.id)).toEqual(
      created,
    );
    await member.delete(`${path}/${created.id}`).expect(204);
  });

  it('takes the id in the payload (SPEC.md section 7): none or blank on POST, the path id on PATCH', async () => {
    for (const id of [null, '']) {
      const created = (
        await member
          .post(path)
          .send({ ...valid, id })
          .expect(201)
      ).body.data;
      expect(created.id).toEqual(expect.any(String));
      expect(created.id).not.toBe(id);
      await member.delete(`${path}/${created.id}`).expect(204);
    }
    const created = (
      await member
        .post(path)
        .send({ ...valid, id: undefined })
        .expect(201)
    ).body.data;
    // the row as the page holds it, sent back whole (the spec's payload)
    const { id, notification_type, destination, notification_priority } = created;
    const changed = await member
      .patch(`${path}/${id}`)
      .send({ id, notification_type, destination, delay: 'PT15M', notification_priority })
      .expect(200);
    expect(changed.body.data).toMatchObject({ id: created.id, delay: 'PT15M' });
    const refused = await member
      .post(path)
      .send({ ...valid, id: created.id })
      .expect(400);
    expect(refused.body).toEqual({ error: 'invalid', message: `Invalid request: ${NEW_ID}`, fields: { id: [NEW_ID] } });
    await member.delete(`${path}/${created.id}`).expect(204);
  });

  it('refuses an unknown priority filter', async () => {
    const response = await member.get(path).query({ notification_priority: 'URGENT' }).expect(400);
    expect(response.body.fields).toEqual({
      notification_priority: ['notification_priority must be one of HIGH, MEDIUM, LOW'],
    });
  });

  it.each(['viewer', 'collaborator'] as const)(
    'lets a %s read but not edit, with the permission message',
    async (role) => {
      const client = await signInAs(app.url, role);
      const destination = { type: 'email', value: `${role}@demo.tocsin.dev` };
      await client.get(path).expect(200);
      const refusal = { error: 'forbidden', message: 'You lack the required permissions for this action.' };
      expect(
        (
          await client
            .post(path)
            .send({ ...valid, destination })
            .expect(403)
        ).body,
      ).toEqual(refusal);
      expect((await client.patch(`${path}/any-id`).send({ delay: 'PT1M' }).expect(403)).body).toEqual(refusal);
      expect((await client.delete(`${path}/any-id`).expect(403)).body).toEqual(refusal);
    },
  );

  it("keeps each user's settings to themselves, and other organizations' ids answer 404", async () => {
    const id = (await member.post(path).send(valid).expect(201)).body.data.id as string;
    const other = await signUpOtherOwner(app.url, 'prefs-other');
    for (const stranger of [owner, other]) {
      expect(ids(await stranger.get(path).expect(200))).not.toContain(id);
      const patched = await stranger.patch(`${path}/${id}`).send({ delay: 'PT1M' }).expect(404);
      expect(patched.body).toEqual({ error: 'not_found', message: 'Notification setting not found' });
      await stranger.delete(`${path}/${id}`).expect(404);
    }
    expect((await other.get(`${path}/compliance`).expect(200)).body.data).toEqual({
      items: [],
      settings: [],
      unmet: [],
      compliant: true,
    });
    expect((await member.get(path).expect(200)).body.data.find((s: { id: string }) => s.id === id)).toMatchObject(
      asReturned(valid),
    );
  });
});
