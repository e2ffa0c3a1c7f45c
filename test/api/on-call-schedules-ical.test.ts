import ICAL from 'ical.js';
import request from 'supertest';
import { CALENDAR_TOKEN_API } from '@tocsin/contracts';
import { computeSchedule, shiftsOf } from '@tocsin/domain';
import { ManualClock } from '@tocsin/platform';
import { onCallRemovalsView, onCallSchedulesView, scheduleInputOf, usersView } from '@tocsin/read-models';
import { startApp, type TestApp } from '../support/app';
import { demoUserId } from '../support/paging';
import { signInAs, type Client } from '../support/session';

const DAY = 86_400_000;

/** The events of an iCalendar text, read by an independent parser (ical.js). */
function eventsOf(text: string): Array<{ uid: string; start: string; end: string; summary: string }> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
    };
  });
}

/** The iCal feeds: a schedule's and the person's own, each behind a secret only its hash of which is kept. */
describe('on-call iCal feeds', () => {
  let app: TestApp;
  let owner: Client;
  let teamId: string;
  let scheduleId: string;
  const clock = new ManualClock(Date.parse('2026-10-20T12:00:00Z'));
  const ownerId = demoUserId('owner');
  const memberId = demoUserId('member');
  const collaboratorId = demoUserId('collaborator');
  const store = () => app.runtime.infra.readStore;
  const window = () => ({
    from: new Date(clock.now() - 30 * DAY).toISOString(),
    to: new Date(clock.now() + 90 * DAY).toISOString(),
  });

  beforeAll(async () => {
    app = await startApp({ clock });
    owner = await signInAs(app.url, 'owner');
    teamId = (await owner.post('/api/v1/teams').send({ name: 'Feeds' }).expect(201)).body.data.id;
    // weekly in London, through the end of British Summer Time (25 October 2026), with an override
    scheduleId = (
      await owner
        .post(`/api/v1/teams/${teamId}/on_call_schedules`)
        .send({
          name: 'London weekly',
          time_zone: 'Europe/London',
          layers: [
            {
              name: 'Weekly',
              rotation: {
                slots: [[ownerId], [memberId], [collaboratorId]],
                shift_length: 'P1W',
                handoff_time: '10:00',
                start_date: '2026-10-19',
              },
            },
          ],
        })
        .expect(201)
    ).body.data.id;
    await owner
      .post(`/api/v1/teams/${teamId}/on_call_schedules/${scheduleId}/overrides`)
      .send({
        kind: 'replace',
        start: '2026-10-27T09:00:00Z',
        end: '2026-10-28T09:00:00Z',
        user_id: ownerId,
        replaces_user_id: memberId,
      })
      .expect(201);
  });
  afterAll(() => app.close());

  it("serves a schedule's feed whose events are the pure function's final line, and a rotation ends the old address", async () => {
    const path = `/api/v1/teams/${teamId}/on_call_schedules/${scheduleId}`;
    await request(app.url).get('/calendars/schedules/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics').expect(404);
    const first = (await owner.post(`${path}/feed_token`).send({}).expect(200)).body.data.url as string;
    expect(first).toMatch(/^\/calendars\/schedules\/[A-Za-z0-9_-]{32}\.ics$/);
    const feed = await request(app.url).get(first).expect(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const events = eventsOf(feed.text);

    const doc = (await onCallSchedulesView.find(store(), 'org-demo', scheduleId))!;
    const input = scheduleInputOf(doc, await onCallRemovalsView.ofOrganization(store(), 'org-demo'));
    const expected = computeSchedule(input, window()).final.filter((s) => s.userIds.length > 0);
    expect(events.map(({ start, end }) => ({ start, end }))).toEqual(
      expected.map(({ start, end }) => ({ start, end })),
    );
    expect(events.length).toBeGreaterThan(3);
    // the override's day is its own event, named after who covers it
    const covered = events.find((e) => e.start === '2026-10-27T09:00:00.000Z')!;
    expect(covered.summary).toBe('On call: Demo Owner');
    // nobody before the schedule was made (the past is not rewritten); the hand-off after the clocks go back
    // (25 October) is 10:00 GMT, 10:00Z, where before it was 10:00 BST, 09:00Z
    expect(events.slice(0, 2).map((e) => e.start)).toEqual(['2026-10-20T12:00:00.000Z', '2026-10-26T10:00:00.000Z']);

    // only the hash is kept: not in the view, not in the log
    const token = /schedules\/(.+)\.ics$/.exec(first)![1];
    expect(JSON.stringify(doc)).not.toContain(token);
    const log = await app.runtime.infra.eventStore.readStream(`on-call-schedule-${scheduleId}`);
    expect(JSON.stringify(log)).not.toContain(token);

    const second = (await owner.post(`${path}/feed_token`).send({}).expect(200)).body.data.url as string;
    await request(app.url).get(first).expect(404);
    await request(app.url).get(second).expect(200);
    // a reader cannot make the address
    await (await signInAs(app.url, 'viewer')).post(`${path}/feed_token`).send({}).expect(403);
  });

  it("serves the person's own shifts in their calendar subscription, rotatable, the old address ending", async () => {
    const member = await signInAs(app.url, 'member');
    const url = (await member.get('/api/v1/me').expect(200)).body.data.organization.icalUrl as string;
    const events = eventsOf((await request(app.url).get(url).expect(200)).text);
    const doc = (await onCallSchedulesView.find(store(), 'org-demo', scheduleId))!;
    const input = scheduleInputOf(doc, []);
    const mine = shiftsOf(input, memberId, window());
    expect(mine.length).toBeGreaterThan(0);
    expect(
      events.filter((e) => e.summary === 'On call: London weekly').map(({ start, end }) => ({ start, end })),
    ).toEqual(mine.map(({ start, end }) => ({ start, end })));
    // the override took the member's first day: it is not in their calendar
    expect(events.some((e) => e.start <= '2026-10-27T09:00:00.000Z' && e.end > '2026-10-27T09:00:00.000Z')).toBe(false);

    const rotated = (await member.post(CALENDAR_TOKEN_API).send({}).expect(200)).body.data.url as string;
    expect(rotated).not.toBe(url);
    await request(app.url).get(url).expect(404);
    await request(app.url).get(rotated).expect(200);
    expect((await member.get('/api/v1/me').expect(200)).body.data.organization.icalUrl).toBe(rotated);
    const user = (await usersView.byId(store(), memberId))!;
    const token = /calendars\/(.+)\.ics$/.exec(rotated)![1];
    expect(user.calendarToken).toBeNull();
    expect(JSON.stringify(user)).not.toContain(token);
  });

  it('takes a removed member off every final line from the moment of removal', async () => {
    const path = `/api/v1/teams/${teamId}/on_call_schedules/${scheduleId}`;
    // the collaborator's week starts 2 November; remove them on 21 October
    await clock.advance(DAY);
    const removedAt = clock.now();
    await owner.delete(`/api/v1/users/${collaboratorId}`).expect(204);
    const final = (
      await owner.get(`${path}/final`).query({ from: '2026-10-19T00:00:00Z', to: '2026-11-20T00:00:00Z' }).expect(200)
    ).body.data.final as Array<{ start: string; end: string; users: Array<{ id: string }> }>;
    const withThem = final.filter((s) => s.users.some((u) => u.id === collaboratorId));
    expect(withThem.every((s) => Date.parse(s.end) <= removedAt)).toBe(true);
    // their week is a gap now, and the gaps endpoint says so
    const week = final.find((s) => s.start === '2026-11-02T10:00:00.000Z');
    expect(week?.users).toEqual([]);
    const gaps = (await owner.get(`${path}/gaps`).expect(200)).body.data;
    expect(gaps).toEqual(expect.arrayContaining([expect.objectContaining({ start: '2026-11-02T10:00:00.000Z' })]));
    // the list's "now" and "next" never name them either
    const row = (await owner.get('/api/v1/signals/on_call_schedules').expect(200)).body.data.find(
      (s: { id: string }) => s.id === scheduleId,
    );
    expect(JSON.stringify([row.now, row.next])).not.toContain(collaboratorId);
  });
});
