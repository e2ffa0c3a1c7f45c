import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';

describe('notification policy items API', () => {
  let app: TestApp;
  let owner: Client;
  const path = '/api/v1/signals/notification_policy_items';
  const eventCount = async () => (await owner.get('/api/v1/history').query({ per_page: 500 })).body.data.length;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
  });
  afterAll(() => app.close());

  it('creates, lists, changes and removes items, reading its own writes', async () => {
    const created = await owner
      .post(path)
      .send({ priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' })
      .expect(201);
    expect(created.body.data).toMatchObject({
      priority: 'HIGH',
      notification_group_method: 'email',
      max_delay: 'PT5M',
    });
    const id = created.body.data.id as string;

    const listed = await owner.get(path).expect(200);
    expect(listed.body.data.map((i: { id: string }) => i.id)).toContain(id);

    const changed = await owner.patch(`${path}/${id}`).send({ max_delay: 'PT10M' }).expect(200);
    expect(changed.body.data).toMatchObject({ id, priority: 'HIGH', max_delay: 'PT10M' });

    await owner.delete(`${path}/${id}`).expect(204);
    const after = await owner.get(path).expect(200);
    expect(after.body.data.map((i: { id: string }) => i.id)).not.toContain(id);
  });

  it.each([
    [
      { priority: 'URGENT', notification_group_method: 'email', max_delay: 'PT5M' },
      'priority',
      'priority must be one of HIGH, MEDIUM, LOW',
    ],
    [
      { priority: 'HIGH', notification_group_method: 'pager', max_delay: 'PT5M' },
      'notification_group_method',
      'notification_group_method must be one of email, chat, mobile_text, voice, push, apns, fcm, any',
    ],
    [
      { priority: 'HIGH', notification_group_method: 'email', max_delay: '5 minutes' },
      'max_delay',
      'max_delay must be an ISO-8601 duration such as PT5M',
    ],
    [
      { priority: 'HIGH', notification_group_method: 'email', max_delay: 300 },
      'max_delay',
      'max_delay must be an ISO-8601 duration such as PT5M',
    ],
    [{ priority: 'HIGH', notification_group_method: 'email' }, 'max_delay', 'max_delay is a required field'],
    [
      { priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M', colour: 'red' },
      'colour',
      'property colour should not exist',
    ],
  ])('refuses %j with a 400 naming the field, writing nothing', async (body, field, message) => {
    const before = await eventCount();
    const response = await owner.post(path).send(body).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid' });
    expect(response.body.fields[field]).toContain(message);
    expect(await eventCount()).toBe(before);
  });

  it('refuses a bad PATCH and leaves the item as it was', async () => {
    const { body } = await owner
      .post(path)
      .send({ priority: 'LOW', notification_group_method: 'any', max_delay: 'PT1H' })
      .expect(201);
    const response = await owner.patch(`${path}/${body.data.id}`).send({ max_delay: 'PT' }).expect(400);
    expect(response.body.fields.max_delay).toEqual(['max_delay must be an ISO-8601 duration such as PT5M']);
    const listed = await owner.get(path).expect(200);
    expect(listed.body.data.find((i: { id: string }) => i.id === body.data.id).max_delay).toBe('PT1H');
  });

  const PRIORITY = 'priority must be one of HIGH, MEDIUM, LOW';
  const METHOD = 'notification_group_method must be one of email, chat, mobile_text, voice, push, apns, fcm, any';
  const DELAY = 'max_delay must be an ISO-8601 duration such as PT5M';
  it.each([
    [{ priority: 'URGENT' }, 'priority', PRIORITY],
    [{ priority: 1 }, 'priority', PRIORITY],
    [{ priority: ['HIGH'] }, 'priority', PRIORITY],
    [{ priority: { value: 'HIGH' } }, 'priority', PRIORITY],
    [{ notification_group_method: 'pager' }, 'notification_group_method', METHOD],
    [{ notification_group_method: 3 }, 'notification_group_method', METHOD],
    [{ notification_group_method: ['email'] }, 'notification_group_method', METHOD],
    [{ notification_group_method: { value: 'email' } }, 'notification_group_method', METHOD],
    [{ max_delay: 300 }, 'max_delay', DELAY],
    [{ max_delay: ['PT5M'] }, 'max_delay', DELAY],
    [{ max_delay: { value: 'PT5M' } }, 'max_delay', DELAY],
    [{ max_delay: 'PT10M', colour: 'red' }, 'colour', 'property colour should not exist'],
  ])('refuses PATCH %j with a 400 naming the field, leaving the item unchanged', async (patch, field, message) => {
    const { body } = await owner
      .post(path)
      .send({ priority: 'MEDIUM', notification_group_method: 'chat', max_delay: 'PT30M' })
      .expect(201);
    const before = await eventCount();
    const response = await owner.patch(`${path}/${body.data.id}`).send(patch).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid', message: `Invalid request: ${message}` });
    expect(response.body.fields[field]).toContain(message);
    const listed = await owner.get(path).expect(200);
    expect(listed.body.data.find((i: { id: string }) => i.id === body.data.id)).toEqual(body.data);
    expect(await eventCount()).toBe(before);
  });

  it('refuses null for a field a PATCH may leave out: an item always has all three', async () => {
    const { body } = await owner
      .post(path)
      .send({ priority: 'LOW', notification_group_method: 'push', max_delay: 'PT2M' })
      .expect(201);
    const response = await owner
      .patch(`${path}/${body.data.id}`)
      .send({ priority: null, notification_group_method: null, max_delay: null })
      .expect(400);
    expect(Object.keys(response.body.fields).sort()).toEqual(['max_delay', 'notification_group_method', 'priority']);
    const listed = await owner.get(path).expect(200);
    expect(listed.body.data.find((i: { id: string }) => i.id === body.data.id)).toEqual(body.data);
  });

  it('answers 404 for an unknown item', async () => {
    const response = await owner.patch(`${path}/does-not-exist`).send({ max_delay: 'PT5M' }).expect(404);
    expect(response.body).toEqual({ error: 'not_found', message: 'Notification policy item not found' });
    await owner.delete(`${path}/does-not-exist`).expect(404);
  });

  it('refuses malformed JSON and oversized bodies with clear messages', async () => {
    const malformed = await owner.post(path).set('Content-Type', 'application/json').send('{"priority": ').expect(400);
    expect(malformed.body).toEqual({ error: 'bad_request', message: 'The request body is not valid JSON.' });
    const huge = await owner
      .post(path)
      .send({ priority: 'HIGH', notification_group_method: 'email', max_delay: 'x'.repeat(400_000) })
      .expect(413);
    expect(huge.body).toEqual({ error: 'payload_too_large', message: 'The request body is too large.' });
  });

  it('applies a retried request (same Idempotency-Key) once, even after later changes', async () => {
    const key = `create-${Date.now()}`;
    const first = await owner
      .post(path)
      .set('Idempotency-Key', key)
      .send({ priority: 'MEDIUM', notification_group_method: 'voice', max_delay: 'PT15M' })
      .expect(201);
    const retried = await owner
      .post(path)
      .set('Idempotency-Key', key)
      .send({ priority: 'MEDIUM', notification_group_method: 'voice', max_delay: 'PT15M' })
      .expect(201);
    expect(retried.body.data.id).toBe(first.body.data.id);

    const id = first.body.data.id as string;
    const before = await eventCount();
    await owner.patch(`${path}/${id}`).set('Idempotency-Key', `${key}-patch`).send({ max_delay: 'PT2M' }).expect(200);
    await owner.patch(`${path}/${id}`).send({ max_delay: 'PT7M' }).expect(200);
    // the repeat gets the first answer again (as Stripe replays it), and changes nothing
    const replayed = await owner
      .patch(`${path}/${id}`)
      .set('Idempotency-Key', `${key}-patch`)
      .send({ max_delay: 'PT2M' })
      .expect(200);
    expect(replayed.body.data.max_delay).toBe('PT2M');
    expect((await owner.get(path).expect(200)).body.data.find((item: { id: string }) => item.id === id).max_delay).toBe(
      'PT7M',
    );
    expect(await eventCount()).toBe(before + 2);
  });
});
