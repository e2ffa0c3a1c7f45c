import { ManualClock } from '@tocsin/platform';
import type { TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import {
  DEMO_ORG,
  demoUserId,
  policyOf,
  type RecordingGateway,
  savePhone,
  startPagingApp,
  triggerAlert,
} from '../support/paging';
import { signInAs, type Client } from '../support/session';

const owner = demoUserId('owner');
const member = demoUserId('member');
const collaborator = demoUserId('collaborator');
const MINUTE = 60_000;

type Entry = {
  kind: string;
  step?: number;
  userIds?: string[];
  reasons?: unknown[];
  skipped?: boolean;
  scheduleName?: string;
  userId?: string;
};

/**
 * Escalation steps that target an on-call schedule, on an injected clock: who is paged is who the schedule has
 * on call when the step starts, across New York's change to daylight time (8 March 2026, 02:00 -> 03:00).
 */
describe('paging an on-call schedule', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let client: Client;
  let teamId: string;
  /** The New York schedule the first test makes (an override has the collaborator on call 13:00Z-18:00Z Sunday). */
  let storageSchedule: string;
  // Saturday 7 March 2026, 12:00 UTC (07:00 in New York, EST)
  const clock = new ManualClock(Date.parse('2026-03-07T12:00:00Z'));
  const pagesOf = (alertId: string) => gateway.received.filter((page) => page.message.alertId === alertId);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  const timelineOf = async (alertId: string) =>
    (await client.get(`/api/v1/signals/alerts/${alertId}/timeline`).expect(200)).body.data as Entry[];

  beforeAll(async () => {
    ({ app, gateway, close } = await startPagingApp({ clock }));
    await savePhone(app.app, owner, 'sms', '+15550000001');
    await savePhone(app.app, member, 'sms', '+15550000002');
    await savePhone(app.app, collaborator, 'sms', '+15550000003');
    client = await signInAs(app.url, 'owner');
    teamId = (await client.post('/api/v1/teams').send({ name: 'Storage' }).expect(201)).body.data.id;
  });
  afterAll(() => close());

  it('pages the person on call at the step start, with an override, after the daylight-saving hand-off', async () => {
    // daily hand-off at 09:00 New York: owner from Saturday 09:00 EST (14:00Z), member from Sunday 09:00 EDT (13:00Z)
    const schedule = (
      await client
        .post(`/api/v1/teams/${teamId}/on_call_schedules`)
        .send({
          name: 'Storage primary',
          time_zone: 'America/New_York',
          layers: [
            {
              name: 'Daily',
              rotation: {
                slots: [[owner], [member]],
                shift_length: 'P1D',
                handoff_time: '09:00',
                start_date: '2026-03-07',
              },
            },
          ],
        })
        .expect(201)
    ).body.data;
    storageSchedule = schedule.id;
    const path = `/api/v1/teams/${teamId}/on_call_schedules/${schedule.id}`;
    // the collaborator covers the member's Sunday morning: 13:00Z to 18:00Z
    const override = (
      await client
        .post(`${path}/overrides`)
        .send({
          kind: 'replace',
          start: '2026-03-08T13:00:00Z',
          end: '2026-03-08T18:00:00Z',
          user_id: collaborator,
          replaces_user_id: member,
        })
        .expect(201)
    ).body.data.overrides[0];

    // the final line shows the 23-hour Saturday shift, and the override
    const final = (
      await client.get(`${path}/final`).query({ from: '2026-03-07T14:00:00Z', to: '2026-03-08T20:00:00Z' }).expect(200)
    ).body.data.final;
    expect(
      final.map((s: { start: string; users: Array<{ id: string }> }) => [s.start, s.users.map((u) => u.id)]),
    ).toEqual([
      ['2026-03-07T14:00:00.000Z', [owner]],
      ['2026-03-08T13:00:00.000Z', [collaborator]],
      ['2026-03-08T18:00:00.000Z', [member]],
    ]);
    expect(final[0].length_change_minutes).toBe(-60);

    // fast-forward to Sunday 13:30Z (09:30 EDT): had the hand-off stayed at 14:00Z, the owner would still be on call
    await clock.advance(Date.parse('2026-03-08T13:30:00Z') - clock.now());
    const policy = policyOf([
      { timeoutMinutes: 10, targets: [{ type: 'schedule', id: schedule.id }] },
      { timeoutMinutes: 10, targets: [{ type: 'user', id: owner }] },
    ]);
    const { alertId } = await triggerAlert(app.app, {
      orgId: DEMO_ORG,
      policy,
      teamId,
      at: new Date(clock.now()).toISOString(),
    });
    await eventually(() => pagesOf(alertId).length === 1);
    expect(pagesOf(alertId).map((p) => p.address)).toEqual(['+15550000003']);
    await eventually(async () => (await timelineOf(alertId)).some((e) => e.kind === 'on_call_resolved'));
    const resolved = (await timelineOf(alertId)).find((e) => e.kind === 'on_call_resolved')!;
    expect(resolved).toMatchObject({
      step: 0,
      scheduleName: 'Storage primary',
      userIds: [collaborator],
      reasons: [{ userId: collaborator, kind: 'override', overrideId: override.id }],
      skipped: false,
    });
    // the step waits out its timeout before the next one
    await clock.advance(9 * MINUTE);
    await settle();
    expect(pagesOf(alertId)).toHaveLength(1);
    await clock.advance(MINUTE);
    await eventually(() => pagesOf(alertId).length === 2);
    expect(pagesOf(alertId)[1].address).toBe('+15550000001');
  });

  it('pages whoever is on call when a later step starts, after an override made while the alert escalates', async () => {
    const start = clock.now();
    const policy = policyOf([
      { timeoutMinutes: 10, targets: [{ type: 'user', id: owner }] },
      { timeoutMinutes: 10, targets: [{ type: 'schedule', id: storageSchedule }] },
    ]);
    const { alertId } = await triggerAlert(app.app, {
      orgId: DEMO_ORG,
      policy,
      teamId,
      at: new Date(start).toISOString(),
    });
    await eventually(() => pagesOf(alertId).length === 1);
    // while step 1 waits, the member takes over from the collaborator (an override over an override)
    const added = (
      await client
        .post(`/api/v1/teams/${teamId}/on_call_schedules/${storageSchedule}/overrides`)
        .send({
          kind: 'replace',
          start: new Date(start + 5 * MINUTE).toISOString(),
          end: new Date(start + 60 * MINUTE).toISOString(),
          user_id: member,
          replaces_user_id: collaborator,
        })
        .expect(201)
    ).body.data.overrides.at(-1);
    await settle();
    await clock.advance(10 * MINUTE);
    await eventually(() => pagesOf(alertId).length === 2);
    await settle();
    expect(pagesOf(alertId).map((p) => p.address)).toEqual(['+15550000001', '+15550000002']);
    await eventually(async () => (await timelineOf(alertId)).some((e) => e.kind === 'on_call_resolved'));
    expect((await timelineOf(alertId)).filter((e) => e.kind === 'on_call_resolved')).toEqual([
      expect.objectContaining({
        step: 1,
        userIds: [member],
        reasons: [{ userId: member, kind: 'override', overrideId: added.id }],
        skipped: false,
      }),
    ]);
  });

  it('goes on to the next step at once when the schedule has nobody on call, and says so', async () => {
    // a rotation that starts next week: nobody is on call now
    const empty = (
      await client
        .post(`/api/v1/teams/${teamId}/on_call_schedules`)
        .send({
          name: 'Not yet',
          time_zone: 'Europe/London',
          layers: [
            {
              name: 'Later',
              rotation: { slots: [[owner]], shift_length: 'P1W', handoff_time: '09:00', start_date: '2026-04-01' },
            },
          ],
        })
        .expect(201)
    ).body.data;
    const policy = policyOf([
      { timeoutMinutes: 30, targets: [{ type: 'schedule', id: empty.id }] },
      { timeoutMinutes: 30, targets: [{ type: 'user', id: member }] },
    ]);
    const { alertId } = await triggerAlert(app.app, {
      orgId: DEMO_ORG,
      policy,
      teamId,
      at: new Date(clock.now()).toISOString(),
    });
    // no clock advance: the second step is paged at once, not after 30 minutes
    await eventually(() => pagesOf(alertId).length === 1);
    expect(pagesOf(alertId)[0].address).toBe('+15550000002');
    await eventually(async () => (await timelineOf(alertId)).some((e) => e.kind === 'on_call_resolved'));
    const timeline = await timelineOf(alertId);
    expect(timeline.find((e) => e.kind === 'on_call_resolved')).toMatchObject({
      step: 0,
      scheduleName: 'Not yet',
      userIds: [],
      skipped: true,
    });
    await eventually(async () => (await timelineOf(alertId)).filter((e) => e.kind === 'step_reached').length === 2);
  });

  it('refuses to delete a schedule an escalation policy pages, naming the policy', async () => {
    const schedule = (
      await client
        .post(`/api/v1/teams/${teamId}/on_call_schedules`)
        .send({
          name: 'Paged',
          time_zone: 'UTC',
          layers: [
            {
              name: 'L',
              rotation: { slots: [[owner]], shift_length: 'P1W', handoff_time: '00:00', start_date: '2026-03-02' },
            },
          ],
        })
        .expect(201)
    ).body.data;
    // the step editor's picker offers it by name
    const options = (
      await client.get(`/api/v1/teams/${teamId}/escalation_targets`).query({ query: 'Paged' }).expect(200)
    ).body.data;
    expect(options).toEqual([{ type: 'schedule', id: schedule.id, name: 'Paged' }]);
    const policy = (
      await client
        .post(`/api/v1/teams/${teamId}/escalation_policies`)
        .send({ name: 'Via schedule', steps: [{ timeout: 'PT5M', targets: [{ type: 'schedule', id: schedule.id }] }] })
        .expect(201)
    ).body.data;
    expect(policy.steps[0].targets).toEqual([{ type: 'schedule', id: schedule.id, name: 'Paged' }]);
    // a schedule the organization lacks is not found
    await client
      .post(`/api/v1/teams/${teamId}/escalation_policies`)
      .send({ name: 'Nowhere', steps: [{ timeout: 'PT5M', targets: [{ type: 'schedule', id: 'no-such-schedule' }] }] })
      .expect(404);
    const refused = await client.delete(`/api/v1/teams/${teamId}/on_call_schedules/${schedule.id}`).expect(409);
    expect(refused.body.message).toContain('escalation policy "Via schedule"');
    await client.delete(`/api/v1/teams/${teamId}/escalation_policies/${policy.id}`).expect(204);
    await client.delete(`/api/v1/teams/${teamId}/on_call_schedules/${schedule.id}`).expect(204);
  });
});
