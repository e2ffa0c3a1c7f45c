import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { handoffNotificationsStream, WORKING_HOURS_DEFAULTS } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';

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
    expect(created.body.data).toMatchObject({
      id,
      notify_before_minutes: 30,
      notification_type: 'email',
      ...WORKING_HOURS_DEFAULTS,
    });

    const changed = await member
      .patch(`${path}/${id}`)
      .send({ time_zone: 'Europe/Paris', days: { ...WORKING_HOURS_DEFAULTS.days, saturday: true } })
      .expect(200);
    expect(changed.body.data).toMatchObject({
      id,
      notify_before_minutes: 30,
      time_zone: 'Europe/Paris',
      start_time: '09:00',
      days: { saturday: true, sunday: false },
    });
    expect((await member.get(path).expect(200)).body.data).toEqual([changed.body.data]);

    await member.delete(`${path}/${id}`).expect(204);
    expect(ids(await member.get(path).expect(200))).not.toContain(id);
  });

  it.each([
    [{}, { notify_before_minutes: ['Required'], notification_type: ['Required'] }],
    [
      { notify_before_minutes: 1.5, notification_type: 'pager' },
      {
        notify_before_minutes: ['notify_before_minutes must be a whole number from 0 to 10080'],
        notification_type: [
          'notification_type must be one of email, slack, microsoft_teams, sms, voice, whats_app, apns, fcm',
        ],
      },
    ],
    [
      { notify_before_minutes: 10, notification_type: 'email', end_time: '5pm', time_zone: 'Nowhere/Else' },
      {
        end_time: ['end_time must be a time such as 09:00'],
        time_zone: ['time_zone must be a time zone such as Europe/Paris'],
      },
    ],
    [
      { notify_before_minutes: 10, notification_type: 'email', colour: 'red' },
      { colour: ['property colour should not exist'] },
    ],
  ])('refuses %j with a 400 naming the fields', async (body, fields) => {
    const response = await member.post(path).send(body).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid', fields });
  });

  const MINUTES = 'notify_before_minutes must be a whole number from 0 to 10080';
  const TYPES = 'notification_type must be one of email, slack, microsoft_teams, sms, voice, whats_app, apns, fcm';
  const DAYS =
    'days must give true or false for each of monday, tuesday, wednesday, thursday, friday, saturday, sunday';
  const START = 'start_time must be a time such as 09:00';
  const ZONE = 'time_zone must be a time zone such as Europe/Paris';
  it.each([
    [{ notify_before_minutes: -1 }, { notify_before_minutes: [MINUTES] }],
    [{ notify_before_minutes: 10081 }, { notify_before_minutes: [MINUTES] }],
    [{ notify_before_minutes: '30' }, { notify_before_minutes: [MINUTES] }],
    [{ notify_before_minutes: [30] }, { notify_before_minutes: [MINUTES] }],
    [{ notify_before_minutes: { value: 30 } }, { notify_before_minutes: [MINUTES] }],
    [{ notify_before_minutes: null }, { notify_before_minutes: ['Required'] }],
    [{ notification_type: 'pager' }, { notification_type: [TYPES] }],
    [{ notification_type: 4 }, { notification_type: [TYPES] }],
    [{ notification_type: ['email'] }, { notification_type: [TYPES] }],
    [{ notification_type: { value: 'email' } }, { notification_type: [TYPES] }],
    [{ hours_setting: 'always' }, { hours_setting: ['hours_setting must be one of standard, custom'] }],
    [{ workdays: ['monday'] }, { workdays: ['workdays must be one of weekdays, custom'] }],
    [{ start_time: '9am' }, { start_time: [START] }],
    [{ start_time: 900 }, { start_time: [START] }],
    [{ end_time: '24:00' }, { end_time: ['end_time must be a time such as 09:00'] }],
    [{ time_zone: 'Mars/Base' }, { time_zone: [ZONE] }],
    [{ time_zone: { name: 'Europe/Paris' } }, { time_zone: [ZONE] }],
    [{ days: 'weekdays' }, { days: [DAYS] }],
    [{ days: [true, true, true, true, true, false, false] }, { days: [DAYS] }],
    [{ days: { ...WORKING_HOURS_DEFAULTS.days, monday: 'yes' } }, { days: [DAYS] }],
    [{ days: { ...WORKING_HOURS_DEFAULTS.days, funday: true } }, { days: [DAYS] }],
    [{ start_time: '08:00', colour: 'red' }, { colour: ['property colour should not exist'] }],
  ])('refuses PATCH %j with a 400 naming the fields, leaving the setting unchanged', async (patch, fields) => {
    const created = (
      await member.post(path).send({ notify_before_minutes: 45, notification_type: 'email' }).expect(201)
    ).body.data;
    const response = await member.patch(`${path}/${created.id}`).send(patch).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid', fields });
    expect((await member.get(path).expect(200)).body.data.find((s: { id: string }) => s.id === created.id)).toEqual(
      created,
    );
    await member.delete(`${path}/${created.id}`).expect(204);
  });

  it('reads a setting recorded under the old event names (HandoffNotificationSaved), and changes and removes it', async () => {
    const memberDoc = await app.runtime.infra.readStore.findOne<{ _id: string }>('users', {
      email: 'member@demo.tocsin.dev',
    });
    const userId = memberDoc!._id;
    const id = randomUUID();
    const metadata = {
      orgId: 'org-demo',
      actorId: userId,
      commandId: randomUUID(),
      correlationId: 'test',
      causationId: 'test',
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    };
    const data = { id, ...WORKING_HOURS_DEFAULTS, notify_before_minutes: 20, notification_type: 'email' };
    const stream = handoffNotificationsStream(userId);
    const history = await app.runtime.infra.eventStore.readStream(stream);
    const expected = history.length === 0 ? 'no_stream' : history[history.length - 1].revision;
    const { position } = await app.runtime.infra.eventStore.append(
      stream,
      [{ id: randomUUID(), type: 'HandoffNotificationSaved', data, metadata }],
      expected,
    );
    await app.runtime.runner!.waitFor(position);

    expect((await member.get(path).expect(200)).body.data).toContainEqual(
      expect.objectContaining({ id, notify_before_minutes: 20 }),
    );
    const changed = await member.patch(`${path}/${id}`).send({ notify_before_minutes: 25 }).expect(200);
    expect(changed.body.data).toMatchObject({
      id,
      notify_before_minutes: 25,
      notification_type: 'email',
      ...WORKING_HOURS_DEFAULTS,
    });
    // the same values again: the decider folded the old event and sees nothing to record
    const before = (await app.runtime.infra.eventStore.readStream(stream)).length;
    await member.patch(`${path}/${id}`).send({ notify_before_minutes: 25 }).expect(200);
    const after = await app.runtime.infra.eventStore.readStream(stream);
    expect(after.length).toBe(before);
    expect(after[after.length - 1].type).toBe('HandoffNotificationSettingSaved');
    await member.delete(`${path}/${id}`).expect(204);
    expect(ids(await member.get(path).expect(200))).not.toContain(id);
  });

  it('refuses edits below member with the permission message, and keeps settings to their owner (404)', async () => {
    const id = (await member.post(path).send({ notify_before_minutes: 15, notification_type: 'email' }).expect(201))
      .body.data.id as string;
    const viewer = await signInAs(app.url, 'viewer');
    await viewer.get(path).expect(200);
    const refused = await viewer.post(path).send({ notify_before_minutes: 15, notification_type: 'email' }).expect(403);
    expect(refused.body).toEqual({ error: 'forbidden', message: 'You lack the required permissions for this action.' });

    const other = await signUpOtherOwner(app.url, 'handoff-other');
    for (const stranger of [await signInAs(app.url, 'owner'), other]) {
      expect(ids(await stranger.get(path).expect(200))).not.toContain(id);
      await stranger.patch(`${path}/${id}`).send({ notify_before_minutes: 5 }).expect(404);
      await stranger.delete(`${path}/${id}`).expect(404);
    }
    expect(ids(await member.get(path).expect(200))).toContain(id);
  });
});
