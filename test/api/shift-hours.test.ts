import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';

const DAY = 86_400_000;
const SHIFT_HOURS = '/api/v1/analytics/shift_hours';

/** On-call hours per person from the final lines, with the out-of-hours part; bad windows; other tenants. */
describe('shift hours API', () => {
  let app: TestApp;
  let owner: Client;
  let other: Client;
  let ownerId: string;
  let memberId: string;
  let teamId: string;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    const member = await signInAs(app.url, 'member');
    ownerId = (await owner.get('/api/v1/me').expect(200)).body.data.user.id;
    memberId = (await member.get('/api/v1/me').expect(200)).body.data.user.id;
    other = await signUpOtherOwner(app.url, 'shift-hours-other', 'Other Owner');
    teamId = (await owner.post('/api/v1/teams').send({ name: 'Hours' }).expect(201)).body.data.id;
    // daily turns at midnight UTC: the owner on even days since 1 January 2026, the member on odd ones
    await owner
      .post(`/api/v1/teams/${teamId}/on_call_schedules`)
      .send({
        name: 'Daily',
        time_zone: 'UTC',
        layers: [
          {
            name: 'Days',
            rotation: {
              slots: [[ownerId], [memberId]],
              shift_length: 'P1D',
              handoff_time: '00:00',
              start_date: '2026-01-01',
            },
          },
        ],
      })
      .expect(201);
  });
  afterAll(() => app.close());

  it('counts each person on call over whole days, and the hours outside 09:00-17:00 Monday to Friday', async () => {
    const first = Math.ceil(Date.now() / DAY) * DAY + DAY;
    const from = new Date(first).toISOString();
    const to = new Date(first + 7 * DAY).toISOString();
    const body = (await owner.get(SHIFT_HOURS).query({ from, to }).expect(200)).body.data;
    const expected = new Map<string, { on: number; out: number }>();
    for (let day = first; day < first + 7 * DAY; day += DAY) {
      const who = Math.round((day - Date.parse('2026-01-01T00:00:00Z')) / DAY) % 2 === 0 ? ownerId : memberId;
      const weekday = new Date(day).getUTCDay();
      const row = expected.get(who) ?? { on: 0, out: 0 };
      row.on += 24;
      row.out += weekday === 0 || weekday === 6 ? 24 : 16;
      expected.set(who, row);
    }
    expect(body.working_hours).toEqual({ start: '09:00', end: '17:00', weekdays: [1, 2, 3, 4, 5] });
    for (const [userId, { on, out }] of expected) {
      const person = body.people.find((p: { user_id: string }) => p.user_id === userId);
      expect(person).toMatchObject({ on_call_hours: on, out_of_hours_hours: out, name: expect.any(String) });
      expect(person.schedules).toEqual([
        expect.objectContaining({ schedule_name: 'Daily', on_call_hours: on, out_of_hours_hours: out }),
      ]);
    }
  });

  it('refuses a window it cannot answer with field messages', async () => {
    const bad = await owner.get(SHIFT_HOURS).query({ from: 'yesterday', to: '2026-01-01T00:00:00Z' }).expect(400);
    expect(bad.body.fields.from).toEqual([expect.any(String)]);
    const backwards = await owner
      .get(SHIFT_HOURS)
      .query({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })
      .expect(400);
    expect(backwards.body.fields.to).toEqual(['to must be after from']);
  });

  it("shows another organization none of this one's people", async () => {
    const from = new Date(Date.now() + DAY).toISOString();
    const to = new Date(Date.now() + 8 * DAY).toISOString();
    const theirs = (await other.get(SHIFT_HOURS).query({ from, to }).expect(200)).body.data;
    expect(theirs.people).toEqual([]);
  });
});
