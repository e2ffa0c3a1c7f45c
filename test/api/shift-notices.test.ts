import request from 'supertest';
import { ManualClock } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { demoUserId } from '../support/paging';
import { demoEmail, signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';
import { lastCode, freshNumber, PHONES } from './phones.support';

const owner = demoUserId('owner');
const member = demoUserId('member');
const settings = '/api/v1/signals/handoff_notification_settings';
const ALL_DAYS = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};

type Kept = { subject: string; text: string };

/**
 * Issue 20: shift reminders and hand-off notices follow each person's hand-off notification settings (how long
 * before, which channel, which working hours), and a person whose future shifts an edit changed is told. Time is
 * the injected clock's: the reminders' minute tick runs when it moves. Everything leaves through the dev mailbox
 * (no provider configured), where each message is kept under its address.
 */
describe('shift reminders and shift change notices', () => {
  let app: TestApp;
  let ownerClient: Client;
  let memberClient: Client;
  let teamId: string;
  let scheduleId: string;
  let number: string;
  // Monday 2 November 2026, 06:00 UTC (07:00 in Paris)
  const clock = new ManualClock(Date.parse('2026-11-02T06:00:00Z'));
  const mailbox = async (to: string) =>
    (await request(app.url).get('/api/v1/dev/mailbox').query({ to }).expect(200)).body.data as Kept[];
  const about = async (to: string, subject: RegExp) => (await mailbox(to)).filter((m) => subject.test(m.subject));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  beforeAll(async () => {
    app = await startApp({ clock });
    ownerClient = await signInAs(app.url, 'owner');
    memberClient = await signInAs(app.url, 'member');
    teamId = (await ownerClient.post('/api/v1/teams').send({ name: 'Payments' }).expect(201)).body.data.id;
    // the member's reminders go by SMS to a verified phone, 30 minutes before, at any hour of any day
    number = freshNumber();
    const phone = (await memberClient.post(PHONES).send({ number, verification_method: 'sms' }).expect(201)).body.data;
    await memberClient
      .put(`${PHONES}/${phone.id}/verify`)
      .send({ code: await lastCode(app, number) })
      .expect(200);
    await memberClient
      .post(settings)
      .send({
        notify_before_minutes: 30,
        notification_type: 'sms',
        hours_setting: 'custom',
        start_time: '00:00',
        end_time: '00:00',
        workdays: 'custom',
        days: ALL_DAYS,
        time_zone: 'Europe/Paris',
      })
      .expect(201);
    // the owner's by email an hour before, within standard working hours (09:00-17:00 weekdays, Paris)
    await ownerClient
      .post(settings)
      .send({ notify_before_minutes: 60, notification_type: 'email', time_zone: 'Europe/Paris' })
      .expect(201);
  });
  afterAll(() => app.close());

  it('tells each person of new shifts when a schedule is made, but not whoever made it', async () => {
    // daily hand-off at 09:00 Paris (08:00Z): owner Monday, member Tuesday, owner Wednesday, ...
    scheduleId = (
      await ownerClient
        .post(`/api/v1/teams/${teamId}/on_call_schedules`)
        .send({
          name: 'Payments primary',
          time_zone: 'Europe/Paris',
          layers: [
            {
              name: 'Daily',
              rotation: {
                slots: [[owner], [member]],
                shift_length: 'P1D',
                handoff_time: '09:00',
                start_date: '2026-11-02',
              },
            },
          ],
        })
        .expect(201)
    ).body.data.id;
    const [notice] = await eventually(async () => {
      const found = await about(demoEmail('member'), /^Your on-call shifts changed: Payments primary$/);
      return found.length > 0 ? found : null;
    });
    expect(notice.text).toContain('changed the on-call schedule Payments primary');
    expect(notice.text).toContain('Now on call:\n  Tue 3 Nov, 09:00 to Wed 4 Nov, 09:00');
    expect(notice.text).toContain('(times in Europe/Paris)');
    expect(notice.text).toContain(`/signals/on_call_schedules/${scheduleId}`);
    await settle();
    expect(await about(demoEmail('owner'), /^Your on-call shifts changed/)).toEqual([]);
  });

  it('reminds the member by SMS 30 minutes before their shift, once, naming whom they take over from', async () => {
    // Tuesday 07:29Z: the reminder of the 08:00Z shift is due at 07:30Z, not yet
    await clock.advance(Date.parse('2026-11-03T07:29:00Z') - clock.now());
    await settle();
    expect(await about(number, /On call/)).toEqual([]);
    await clock.advance(2 * 60_000);
    const [sms] = await eventually(async () => {
      const found = await about(number, /^\[sms\] On call in 30 minutes: Payments primary$/);
      return found.length > 0 ? found : null;
    });
    expect(sms.text).toContain(
      'Your on-call shift for Payments primary starts Tue 3 Nov, 09:00 and ends Wed 4 Nov, 09:00',
    );
    expect(sms.text).toMatch(/You take over from .+\./);
    // later ticks do not send it again
    await clock.advance(10 * 60_000);
    await clock.advance(60_000);
    await settle();
    expect(await about(number, /On call/)).toHaveLength(1);
  });

  it('sends a reminder due outside working hours at the last working minute before it', async () => {
    // the owner's Wednesday shift starts 09:00 Paris; an hour before is 08:00, before the day: Tuesday 16:59 Paris
    await clock.advance(Date.parse('2026-11-03T15:58:00Z') - clock.now());
    await settle();
    expect(await about(demoEmail('owner'), /^On call/)).toEqual([]);
    await clock.advance(2 * 60_000);
    const [mail] = await eventually(async () => {
      const found = await about(demoEmail('owner'), /^On call at Wed 4 Nov, 09:00: Payments primary$/);
      return found.length > 0 ? found : null;
    });
    expect(mail.text).toContain('starts Wed 4 Nov, 09:00 and ends Thu 5 Nov, 09:00 (Europe/Paris)');
  });

  it('tells the owner when the member’s override takes a future shift of theirs away', async () => {
    await memberClient
      .post(`/api/v1/teams/${teamId}/on_call_schedules/${scheduleId}/overrides`)
      .send({
        kind: 'replace',
        start: '2026-11-06T08:00:00Z',
        end: '2026-11-07T08:00:00Z',
        user_id: member,
        replaces_user_id: owner,
      })
      .expect(201);
    const [notice] = await eventually(async () => {
      const found = await about(demoEmail('owner'), /^Your on-call shifts changed: Payments primary$/);
      return found.length > 0 ? found : null;
    });
    expect(notice.text).toContain('No longer on call:\n  Fri 6 Nov, 09:00 to Sat 7 Nov, 09:00');
    expect(notice.text).not.toContain('Now on call:');
  });

  it('sends a person with no verified destination of the chosen kind their notice by email, and no one outside the organization', async () => {
    // someone of another organization, with a reminder setting of their own: never told of this schedule
    const email = 'outsider-shifts@example.com';
    await signUp(app.url, {
      name: 'Outsider',
      email,
      password: 'Kq8-lantern-orbit-55',
      organization_name: 'Other Org',
    });
    const outsider = await signIn(app.url, email, 'Kq8-lantern-orbit-55');
    await outsider
      .post(settings)
      .send({
        notify_before_minutes: 0,
        notification_type: 'voice',
        hours_setting: 'custom',
        start_time: '00:00',
        end_time: '00:00',
        workdays: 'custom',
        days: ALL_DAYS,
      })
      .expect(201);
    // the member also wants a notice an hour before, by Slack, and has no Slack destination; the owner adds the
    // member for an hour on Sunday 8 November, the owner's day
    await memberClient
      .post(settings)
      .send({
        notify_before_minutes: 60,
        notification_type: 'slack',
        hours_setting: 'custom',
        start_time: '00:00',
        end_time: '00:00',
        workdays: 'custom',
        days: ALL_DAYS,
        time_zone: 'UTC',
      })
      .expect(201);
    await ownerClient
      .post(`/api/v1/teams/${teamId}/on_call_schedules/${scheduleId}/overrides`)
      .send({ kind: 'add', start: '2026-11-08T10:00:00Z', end: '2026-11-08T11:00:00Z', user_id: member })
      .expect(201);
    await clock.advance(Date.parse('2026-11-08T09:01:00Z') - clock.now());
    const [mail] = await eventually(async () => {
      const found = (await about(demoEmail('member'), /^On call in 60 minutes: Payments primary$/)).filter((m) =>
        m.text.includes('Sun 8 Nov, 10:00'),
      );
      return found.length > 0 ? found : null;
    });
    expect(mail.text).toContain(
      'starts Sun 8 Nov, 10:00 and ends Sun 8 Nov, 11:00 (UTC). You take over from Demo Owner.',
    );
    expect(mail.text).toContain('You chose Slack for this notice and have no verified Slack destination');
    expect(await mailbox('outsider-shifts@example.com')).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ subject: expect.stringMatching(/On call|shifts changed/) })]),
    );
  });
});
