import request from 'supertest';
import { WORKING_HOURS_DEFAULTS } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { signIn, signInAs, type Client } from '../support/session';

describe('handoff notification settings API', () => {
  let app: TestApp;
  let member: Client;
  const path = '/api/v1/signals/handoff_notification_settings';
  const ids = (response: request.Response) => response.body.data.map((s: { id: string }) => s.id);

  beforeAll(async () => {
    app = await startApp();
    member = await signInAs(app.url, 'member');
  });
  afterAll(() => app.close());

  it('creates with the working-hours defaults, changes given fields, lists and deletes, reading its own writes', async () => {
    const created = await member.post(path).send({ notify_before_minutes: 30, notification_type: 'email' }).expect(201);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({ id, notify_before_minutes: 30, notification_type: 'email', ...WORKING_HOURS_DEFAULTS });

    const changed = await member.patch(`${path}/${id}`).send({ time_zone: 'Europe/Paris', days: { ...WORKING_HOURS_DEFAULTS.days, saturday: true } }).expect(200);
    expect(changed.body.data).toMatchObject({ id, notify_before_minutes: 30, time_zone: 'Europe/Paris', start_time: '09:00', days: { saturday: true, sunday: false } });
    expect((await member.get(path).expect(200)).body.data).toEqual([changed.body.data]);

    await member.delete(`${path}/${id}`).expect(204);
    expect(ids(await member.get(path).expect(200))).not.toContain(id);
  });

  it.each([
    [{}, { notify_before_minutes: ['Required'], notification_type: ['Required'] }],
    [{ notify_before_minutes: 1.5, notification_type: 'pager' }, {
      notify_before_minutes: ['notify_before_minutes must be a whole number from 0 to 10080'],
      notification_type: ['notification_type must be one of email, slack, microsoft_teams, sms, voice, whats_app, apns, fcm'],
    }],
    [{ notify_before_minutes: 10, notification_type: 'email', end_time: '5pm', time_zone: 'Nowhere/Else' }, {
      end_time: ['end_time must be a time such as 09:00'],
      time_zone: ['time_zone must be a time zone such as Europe/Paris'],
    }],
    [{ notify_before_minutes: 10, notification_type: 'email', colour: 'red' }, { colour: ['property colour should not exist'] }],
  ])('refuses %j with a 400 naming the fields', async (body, fields) => {
    const response = await member.post(path).send(body).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid', fields });
  });

  it('refuses edits below member with the permission message, and keeps settings to their owner (404)', async () => {
    const id = (await member.post(path).send({ notify_before_minutes: 15, notification_type: 'email' }).expect(201)).body.data.id as string;
    const viewer = await signInAs(app.url, 'viewer');
    await viewer.get(path).expect(200);
    const refused = await viewer.post(path).send({ notify_before_minutes: 15, notification_type: 'email' }).expect(403);
    expect(refused.body).toEqual({ error: 'forbidden', message: 'You lack the required permissions for this action.' });

    const email = `handoff-other-${Date.now()}@example.com`;
    await request(app.url).post('/registrations').send({ name: 'Other', email, password: 'other-org-secret', organization_name: 'Other Org' }).expect(201);
    const other = await signIn(app.url, email, 'other-org-secret');
    for (const stranger of [await signInAs(app.url, 'owner'), other]) {
      expect(ids(await stranger.get(path).expect(200))).not.toContain(id);
      await stranger.patch(`${path}/${id}`).send({ notify_before_minutes: 5 }).expect(404);
      await stranger.delete(`${path}/${id}`).expect(404);
    }
    expect(ids(await member.get(path).expect(200))).toContain(id);
  });
});
