import { ManualClock } from '@tocsin/platform';
import type { TestApp } from '../support/app';
import { signInAs } from '../support/session';
import {
  DEMO_ORG,
  demoUserId,
  policyOf,
  type RecordingGateway,
  savePhone,
  startPagingApp,
  triggerAlert,
} from '../support/paging';
import request from 'supertest';
import { eventually } from '../support/eventually';

const owner = demoUserId('owner');
const member = demoUserId('member');
const MINUTE = 60_000;

/** Time as the queue sees it (the injected clock): steps follow each other by their timeouts, reminders by their interval. */
describe('escalation over time', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  const clock = new ManualClock(Date.now());

  const pagesOf = (alertId: string) => gateway.received.filter((page) => page.message.alertId === alertId);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  beforeAll(async () => {
    ({ app, gateway, close } = await startPagingApp({ clock }));
    await savePhone(app.app, owner, 'sms', '+15550000001');
    await savePhone(app.app, owner, 'voice', '+15550000001', 'PT2M');
    await savePhone(app.app, member, 'sms', '+15550000002');
  });
  afterAll(() => close());

  it('pages each row at its delay, moves to the next step when nobody acknowledges, repeats, and reminds the acknowledger', async () => {
    const policy = policyOf(
      [
        { timeoutMinutes: 5, targets: [{ type: 'user', id: owner }] },
        {
          timeoutMinutes: 5,
          targets: [
            { type: 'team', id: 'team-none' },
            { type: 'user', id: member },
          ],
        },
      ],
      { repeat: 1, ackReminderMinutes: 30 },
    );
    const { alertId } = await triggerAlert(app.app, {
      orgId: DEMO_ORG,
      policy,
      at: new Date(clock.now()).toISOString(),
    });
    const seen = () => pagesOf(alertId).map((p) => `${p.kind} ${p.address}`);

    await eventually(() => seen().length === 1);
    await clock.advance(2 * MINUTE); // the voice row's delay
    await eventually(() => seen().length === 2);
    await clock.advance(2 * MINUTE + 59_000);
    await settle();
    expect(seen()).toEqual(['sms +15550000001', 'voice +15550000001']);
    await clock.advance(1000); // step 1, five minutes after the trigger
    await eventually(() => seen().length === 3);
    await clock.advance(5 * MINUTE); // the second run of the list: step 2 is step 0 again
    await eventually(() => seen().length === 4);
    expect(seen()).toEqual(['sms +15550000001', 'voice +15550000001', 'sms +15550000002', 'sms +15550000001']);

    // the member acknowledges; the rest of the run is not due any more, the reminder is
    const memberClient = await signInAs(app.url, 'member');
    // the alert answers its copy of the policy as the escalation policies API does, durations as ISO-8601
    const copy = (await memberClient.get(`/api/v1/signals/alerts/${alertId}`).expect(200)).body.data.policy;
    expect(copy).toMatchObject({ repeat: 1, ack_reminder: 'PT30M', steps: [{ timeout: 'PT5M' }, { timeout: 'PT5M' }] });
    const memberLink = new URL(pagesOf(alertId)[2].message.acknowledgeUrl!).pathname;
    await request(app.url).post(memberLink).expect(200);
    await clock.advance(15 * MINUTE);
    await settle();
    expect(seen()).toHaveLength(4);
    await clock.advance(15 * MINUTE); // 30 minutes after the acknowledgement
    await eventually(() => seen().length === 5);
    expect(seen()[4]).toBe('sms +15550000002');
    const timeline = (await memberClient.get(`/api/v1/signals/alerts/${alertId}/timeline`).expect(200)).body
      .data as Array<{
      kind: string;
      stage?: { kind: string; n?: number; step?: number };
    }>;
    expect(timeline.filter((e) => e.kind === 'step_reached').length).toBe(3);
    expect(timeline.find((e) => e.stage?.kind === 'reminder')).toMatchObject({ stage: { kind: 'reminder', n: 1 } });
    await clock.advance(30 * MINUTE); // and every 30 minutes while unresolved
    await eventually(() => seen().length === 6);

    // resolved: nothing more
    await request(app.url)
      .post(new URL(pagesOf(alertId)[5].message.resolveUrl!).pathname)
      .expect(200);
    await clock.advance(60 * MINUTE);
    await settle();
    expect(seen()).toHaveLength(6);

    // a day later the links in those pages have expired: they say so, and do nothing
    await clock.advance(24 * 60 * MINUTE);
    const expired = await request(app.url)
      .post(new URL(pagesOf(alertId)[0].message.acknowledgeUrl!).pathname)
      .expect(410);
    expect(expired.text).toContain('This link has expired');
  });

  it("resolves an alert once its source has been quiet for the source's auto-resolve period, counted from the last payload", async () => {
    const client = await signInAs(app.url, 'owner');
    const teamId = (await client.post('/api/v1/teams').send({ name: 'Quiet' }).expect(201)).body.data.id as string;
    const source = (
      await client
        .post('/api/v1/signals/event_sources')
        .send({ name: 'Cron checks', format: 'generic', team_id: teamId, auto_resolve_after: 'PT30M' })
        .expect(201)
    ).body.data as { id: string };
    const trigger = () =>
      triggerAlert(app.app, {
        orgId: DEMO_ORG,
        policy: null,
        sourceId: source.id,
        dedupKey: 'nightly-backup',
        at: new Date(clock.now()).toISOString(),
      });
    const { alertId } = await trigger();
    const kinds = async () =>
      (
        (await client.get(`/api/v1/signals/alerts/${alertId}/timeline`).expect(200)).body.data as Array<{
          kind: string;
        }>
      ).map((e) => e.kind);
    await clock.advance(20 * MINUTE);
    await trigger(); // seen again: the quiet period starts over
    await settle();
    await clock.advance(20 * MINUTE);
    await settle();
    expect(await kinds()).toEqual(['triggered', 'deduplicated']);
    await clock.advance(10 * MINUTE);
    await eventually(async () => (await kinds()).includes('resolved'));
    const timeline = (await client.get(`/api/v1/signals/alerts/${alertId}/timeline`).expect(200)).body
      .data as unknown[];
    expect(timeline.at(-1)).toMatchObject({
      kind: 'resolved',
      by: { kind: 'source', sourceId: source.id },
      quietMinutes: 30,
    });
  });
});
