import { ManualClock } from '@tocsin/platform';
import { OPS_SERIES_API, type OpsSeries } from '@tocsin/contracts';
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
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';
import { createSource, createTeam, ingest } from './signals-ingest.support';

/**
 * The ops charts' series on the real server (embedded: one process samples everything): the caller's
 * organization's ingest rate and page latency, never another's, and the system's health figures.
 */
describe('ops series (GET /api/v1/ops/series)', () => {
  // whole 10 s after a real instant: samples land on known points
  const clock = new ManualClock(Math.floor(Date.now() / 10_000) * 10_000 + 2_000);
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let owner: Client;
  let member: Client;
  let otherOwner: Client;

  const series = async (client: Client, window?: string) =>
    (
      await client
        .get(OPS_SERIES_API)
        .query(window ? { window } : {})
        .expect(200)
    ).body.data as OpsSeries;

  beforeAll(async () => {
    // a manual clock's app samples only when asked (test/support/app.ts)
    ({ app, gateway, close } = await startPagingApp({
      clock,
      env: (paging) => ({ ...paging.env, OPS_SAMPLE_INTERVAL_MS: '10000' }),
    }));
    owner = await signInAs(app.url, 'owner');
    member = await signInAs(app.url, 'member');
    const email = `ops-other-${Date.now()}@example.com`;
    await signUp(app.url, { name: 'Other', email, password: 'other-org-secret', organization_name: 'Other Ops' });
    otherOwner = await signIn(app.url, email, 'other-org-secret');
    await savePhone(app.app, demoUserId('owner'), 'sms', '+15550000001');
  });
  afterAll(() => close());

  it("shows the caller's own ingest rate and page latency, and another organization's owner none of it", async () => {
    const source = await createSource(owner, {
      name: 'Ops load',
      format: 'generic',
      team_id: await createTeam(owner, 'Ops charts'),
    });
    for (let i = 0; i < 5; i++)
      await ingest(app.url, `/ingest/${source.token}`, { summary: `Load ${i}`, dedup_key: `load-${i}` }).expect(202);
    // one page to the owner: its ingest -> first page latency counts for the demo organization
    const policy = policyOf([{ timeoutMinutes: 10, targets: [{ type: 'user', id: demoUserId('owner') }] }]);
    const { alertId } = await triggerAlert(app.app, {
      orgId: DEMO_ORG,
      policy,
      at: new Date(clock.now()).toISOString(),
    });
    await eventually(() => gateway.received.some((page) => page.message.alertId === alertId));

    // the sample at the next whole 10 s holds them
    await clock.advance(10_000);
    const mine = await eventually(async () => {
      const answer = await series(owner);
      return answer.points.at(-1)!.processes > 0 && answer;
    });
    expect(mine).toMatchObject({ window: 'PT1H', step: 'PT10S' });
    expect(mine.points).toHaveLength(360);
    const last = mine.points.at(-1)!;
    expect(last).toMatchObject({ processes: 1, ingest_rate: 0.5, pages: 1 });
    expect(last.page_latency_p50).toBeGreaterThan(0);
    expect(last.page_latency_p99).toBeGreaterThanOrEqual(last.page_latency_p50!);
    // the system's health: figures, not unknowns, in the process that hosts everything
    expect(last.projection_lag_events).toEqual(expect.any(Number));
    expect(last.projection_lag_seconds).toEqual(expect.any(Number));
    expect(last.queue_depth).toEqual(expect.any(Number));
    expect(last.sockets).toBe(0);
    // before the app started nobody sampled: unknown, not zero
    expect(mine.points[0]).toMatchObject({ processes: 0, ingest_rate: null, sockets: null });

    const theirs = await series(otherOwner);
    expect(theirs.points.at(-1)).toMatchObject({ processes: 1, ingest_rate: 0, pages: 0, page_latency_p50: null });
    expect(theirs.points.every((p) => !p.ingest_rate && !p.pages)).toBe(true);
    // the same health figures: they are the system's, not an organization's
    expect(theirs.points.at(-1)!.queue_depth).toBe(last.queue_depth);

    // the next sample counts only what came after this one
    await clock.advance(10_000);
    const after = await eventually(async () => {
      const answer = await series(owner);
      return answer.to > mine.to && answer.points.at(-1)!.processes > 0 && answer;
    });
    expect(after.points.at(-1)).toMatchObject({ ingest_rate: 0, pages: 0 });
    expect(after.points.at(-2)).toMatchObject({ ingest_rate: 0.5, pages: 1 });
  });

  it('takes a shorter window, in whole minutes', async () => {
    const answer = await series(owner, 'PT5M');
    expect(answer).toMatchObject({ window: 'PT5M', step: 'PT10S' });
    expect(answer.points).toHaveLength(30);
    expect(Date.parse(answer.to) - Date.parse(answer.from)).toBe(5 * 60_000);
  });

  it('refuses a window it does not keep with a field message, and callers who are not owners', async () => {
    const { body } = await owner.get(OPS_SERIES_API).query({ window: 'PT3H' }).expect(400);
    expect(body).toMatchObject({
      error: 'invalid',
      fields: { window: ['window must be an ISO-8601 duration in whole minutes from PT1M to PT1H'] },
    });
    await member.get(OPS_SERIES_API).expect(403);
  });
});
