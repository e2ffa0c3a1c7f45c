import request from 'supertest';
import { ManualClock, type ChannelRouter, type JobOptions } from '@tocsin/platform';
import { CHANNELS } from '../../apps/api/src/runtime/ports';
import {
  SHIFT_CHANGES_QUEUE,
  ShiftChangeNotices,
} from '../../apps/api/src/signals/on-call-schedules/shift-change-notices';
import { SHIFT_NOTICES_QUEUE } from '../../apps/api/src/signals/on-call-schedules/shift-notices';
import { startApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { DEMO_ORG, demoUserId } from '../support/paging';
import { demoEmail, signInAs, type Client } from '../support/session';

const member = demoUserId('member');
const collaborator = demoUserId('collaborator');
const settings = '/api/v1/signals/handoff_notification_settings';
const ANY_HOUR = {
  hours_setting: 'custom',
  start_time: '00:00',
  end_time: '00:00',
  workdays: 'custom',
  days: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true },
  time_zone: 'UTC',
};

type Kept = { subject: string; text: string };

/**
 * Issue 20: each person's shift notice is a job of its own. A send that fails for one person is retried alone
 * while the others go at once; the job deciding a schedule edit's notices, failing part-way, is tried again and
 * queues only what it had not; a repeat of either sends nothing twice. Reminders reuse a schedule's computed final
 * line from tick to tick until the schedule changes.
 */
describe('shift notices: one job per person, retried alone, never twice', () => {
  let app: TestApp;
  let owner: Client;
  let teamId: string;
  let scheduleId: string;
  // Monday 2 November 2026, 06:00 UTC
  const clock = new ManualClock(Date.parse('2026-11-02T06:00:00Z'));
  /** Addresses whose sends fail for now, as a provider's passing outage does. */
  const failing = new Set<string>();
  /** Send job ids whose queueing fails once (the job queue's passing failure). */
  const refuseOnce = new Set<string>();
  const mailbox = async (to: string) =>
    (await request(app.url).get('/api/v1/dev/mailbox').query({ to }).expect(200)).body.data as Kept[];
  const count = async (to: string, subject: RegExp, text = '') =>
    (await mailbox(to)).filter((m) => subject.test(m.subject) && m.text.includes(text)).length;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  const changed = /^Your on-call shifts changed: Retried$/;
  const reminder = /^On call in 30 minutes: Retried$/;

  beforeAll(async () => {
    app = await startApp({ clock });
    const channels = app.app.get<symbol, ChannelRouter>(CHANNELS);
    const notice = channels.notice.bind(channels);
    jest
      .spyOn(channels, 'notice')
      .mockImplementation(async (kind, address, body) =>
        failing.has(address) ? { ok: false, retryable: true, answer: '503 try later' } : notice(kind, address, body),
      );
    const jobs = app.runtime.infra.jobs;
    const add = jobs.add.bind(jobs);
    jest
      .spyOn(jobs, 'add')
      .mockImplementation(async (queue: string, name: string, data: unknown, options?: JobOptions) => {
        const id = options?.jobId ?? '';
        if (refuseOnce.delete(id)) throw new Error('the job queue did not answer');
        return add(queue, name, data, options);
      });
    owner = await signInAs(app.url, 'owner');
    teamId = (await owner.post('/api/v1/teams').send({ name: 'Retries' }).expect(201)).body.data.id;
  });
  afterAll(() => app.close());

  it("sends the others' change notices at once while one person's send fails, and theirs once after", async () => {
    failing.add(demoEmail('member'));
    // daily hand-off at 08:00 UTC: member Monday, collaborator Tuesday, member Wednesday, ...
    scheduleId = (
      await owner
        .post(`/api/v1/teams/${teamId}/on_call_schedules`)
        .send({
          name: 'Retried',
          time_zone: 'UTC',
          layers: [
            {
              name: 'Daily',
              rotation: {
                slots: [[member], [collaborator]],
                shift_length: 'P1D',
                handoff_time: '08:00',
                start_date: '2026-11-02',
              },
            },
          ],
        })
        .expect(201)
    ).body.data.id;
    await eventually(async () => (await count(demoEmail('collaborator'), changed)) === 1);
    await settle();
    expect(await count(demoEmail('member'), changed)).toBe(0);
    failing.clear();
    // the first retry of a notice comes 30 s later (clock time)
    await clock.advance(31_000);
    await eventually(async () => (await count(demoEmail('member'), changed)) === 1);
    await settle();
    expect(await count(demoEmail('collaborator'), changed)).toBe(1);
  });

  it('tries a change job that failed part-way again, queueing only the notices it had not: each is sent once', async () => {
    const sendId = (userId: string) => `send/change/${scheduleId}/1/${userId}`;
    // whichever of the two is queued first, the collaborator's queueing fails once
    refuseOnce.add(sendId(collaborator));
    // Wednesday 4 November: the collaborator replaces the member
    await owner
      .post(`/api/v1/teams/${teamId}/on_call_schedules/${scheduleId}/overrides`)
      .send({
        kind: 'replace',
        start: '2026-11-04T08:00:00Z',
        end: '2026-11-05T08:00:00Z',
        user_id: collaborator,
        replaces_user_id: member,
      })
      .expect(201);
    await eventually(() => !refuseOnce.has(sendId(collaborator)));
    // the change job's retry comes 5 s later (clock time)
    await clock.advance(6_000);
    await eventually(async () => {
      expect(await count(demoEmail('member'), changed, 'No longer on call:\n  Wed 4 Nov, 08:00')).toBe(1);
      // the collaborator's Tuesday and Thursday shifts join into one
      expect(await count(demoEmail('collaborator'), changed, 'Tue 3 Nov, 08:00 to Fri 6 Nov, 08:00')).toBe(1);
      return true;
    });
    // tried twice: the first try queued at most the member's notice before failing
    expect(await app.runtime.infra.jobs.get(SHIFT_CHANGES_QUEUE, `change/${scheduleId}/1`)).toMatchObject({
      state: 'completed',
      attemptsMade: 2,
    });
  });

  it('sends nothing twice when a change is decided again', async () => {
    // the schedule's creation (revision 0) decided again, as a second worker or a replayed log would
    await app.app.get(ShiftChangeNotices).process({
      id: 'again',
      queue: SHIFT_CHANGES_QUEUE,
      name: 'change',
      data: { orgId: DEMO_ORG, scheduleId, revision: 0 },
      attemptsMade: 0,
      updateProgress: async () => undefined,
    });
    await settle();
    expect(await count(demoEmail('member'), changed)).toBe(2);
    expect(await count(demoEmail('collaborator'), changed)).toBe(2);
  });

  it("reminds the others while one person's reminder fails, that one once after; a tick run again sends nothing twice", async () => {
    for (const client of [await signInAs(app.url, 'member'), owner])
      await client
        .post(settings)
        .send({ notify_before_minutes: 30, notification_type: 'email', ...ANY_HOUR })
        .expect(201);
    // the owner joins the member's Monday shift for its first hour
    await owner
      .post(`/api/v1/teams/${teamId}/on_call_schedules/${scheduleId}/overrides`)
      .send({ kind: 'add', start: '2026-11-02T08:00:00Z', end: '2026-11-02T09:00:00Z', user_id: demoUserId('owner') })
      .expect(201);
    failing.add(demoEmail('member'));
    await clock.advance(Date.parse('2026-11-02T07:31:00Z') - clock.now());
    await eventually(async () => (await count(demoEmail('owner'), reminder, 'Mon 2 Nov, 08:00')) === 1);
    await settle();
    expect(await count(demoEmail('member'), reminder)).toBe(0);
    failing.clear();
    await clock.advance(31_000);
    await eventually(async () => (await count(demoEmail('member'), reminder, 'Mon 2 Nov, 08:00')) === 1);
    // a tick over the same minutes again (a second worker's): the same reminders, already sent
    await app.runtime.infra.jobs.add(
      SHIFT_NOTICES_QUEUE,
      'tick',
      { from: Date.parse('2026-11-02T07:00:00Z') },
      { jobId: 'tick/again' },
    );
    await eventually(
      async () => (await app.runtime.infra.jobs.get(SHIFT_NOTICES_QUEUE, 'tick/again'))?.state === 'completed',
    );
    await settle();
    expect(await count(demoEmail('member'), reminder)).toBe(1);
    expect(await count(demoEmail('owner'), reminder)).toBe(1);
  });

  it('reminds of a shift an edit added after a tick computed the schedule', async () => {
    // the ticks so far computed the schedule's final line well past 11:00; this override changes it
    await owner
      .post(`/api/v1/teams/${teamId}/on_call_schedules/${scheduleId}/overrides`)
      .send({ kind: 'add', start: '2026-11-02T10:00:00Z', end: '2026-11-02T11:00:00Z', user_id: demoUserId('owner') })
      .expect(201);
    await clock.advance(Date.parse('2026-11-02T09:31:00Z') - clock.now());
    await eventually(async () => (await count(demoEmail('owner'), reminder, 'Mon 2 Nov, 10:00')) === 1);
  });

  it('finds the rules before an edit however many events came between, and the name from the schedule', async () => {
    // twenty events that carry no rules (each feed address made anew), then an edit
    for (let i = 0; i < 20; i++)
      await owner.post(`/api/v1/teams/${teamId}/on_call_schedules/${scheduleId}/feed_token`).send({}).expect(200);
    await owner
      .post(`/api/v1/teams/${teamId}/on_call_schedules/${scheduleId}/overrides`)
      .send({
        kind: 'replace',
        start: '2026-11-08T08:00:00Z',
        end: '2026-11-09T08:00:00Z',
        user_id: collaborator,
        replaces_user_id: member,
      })
      .expect(201);
    const [notice] = await eventually(async () => {
      const found = (await mailbox(demoEmail('member'))).filter(
        (m) => changed.test(m.subject) && m.text.includes('Sun 8 Nov'),
      );
      return found.length > 0 ? found : null;
    });
    // only Sunday's shift changed: the rules compared were those just before the edit
    expect(notice.text).toContain('No longer on call:\n  Sun 8 Nov, 08:00 to Mon 9 Nov, 08:00');
    expect(notice.text).not.toContain('Now on call:');
  });
});
