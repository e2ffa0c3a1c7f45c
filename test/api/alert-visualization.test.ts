import type { AlertVisualization } from '@tocsin/contracts';
import type { TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { DEMO_ORG, policyOf, startPagingApp, triggerAlert } from '../support/paging';
import { signInAs, type Client } from '../support/session';

const API = '/api/v1/signals/alert_visualization';
const HOUR = 3_600_000;

/**
 * The alert charts' figures (issue 20, "Charts"): every episode of the window counted by hour or day and
 * priority, by source and team, the noisiest sources, and the time to the first acknowledgement; the caller's
 * organization only; bad windows refused with the field named.
 */
describe('alert visualization', () => {
  let app: TestApp;
  let close: () => Promise<void>;
  let owner: Client;
  let viewer: Client;
  // whole hours in the past, so the buckets are known
  const base = Math.floor(Date.now() / HOUR) * HOUR - 10 * HOUR;
  const at = (hours: number, minutes = 0) => new Date(base + hours * HOUR + minutes * 60_000).toISOString();
  const figures = async (client: Client, query: Record<string, string>) =>
    (await client.get(API).query(query).expect(200)).body.data as AlertVisualization;

  beforeAll(async () => {
    ({ app, close } = await startPagingApp());
    owner = await signInAs(app.url, 'owner');
    viewer = await signInAs(app.url, 'viewer');
    const policy = policyOf([{ timeoutMinutes: 30, targets: [] }]);
    const trigger = (sourceId: string, hours: number, minutes = 0, orgId = DEMO_ORG, teamId = 'team-charts') =>
      triggerAlert(app.app, { orgId, policy, sourceId, teamId, at: at(hours, minutes) });
    await trigger('source-noisy', 0, 5);
    await trigger('source-noisy', 0, 50);
    await trigger('source-noisy', 2, 10);
    await trigger('source-quiet', 2, 20, DEMO_ORG, 'team-other');
    // another organization's alerts in the same hours count for it alone
    await trigger('source-elsewhere', 0, 5, 'org-elsewhere');
    await trigger('source-elsewhere', 2, 5, 'org-elsewhere');
  });
  afterAll(() => close());

  it('counts the episodes of the window by hour and priority, by source and team, noisiest first', async () => {
    const data = await eventually(async () => {
      const answer = await figures(owner, { from: at(0), to: at(3), bucket: 'PT1H' });
      return answer.total === 4 ? answer : undefined;
    });
    expect(data.bucket).toBe('PT1H');
    expect(data.volume.map((slot) => [slot.start, slot.total, slot.high])).toEqual([
      [at(0), 2, 2],
      [at(1), 0, 0],
      [at(2), 2, 2],
    ]);
    expect(data.by_source.map(({ id, count }) => [id, count])).toEqual([
      ['source-noisy', 3],
      ['source-quiet', 1],
    ]);
    expect(data.noisiest_sources[0]).toMatchObject({ id: 'source-noisy', count: 3 });
    expect(data.by_team.map(({ id, count }) => [id, count])).toEqual([
      ['team-charts', 3],
      ['team-other', 1],
    ]);
    expect(data.time_to_acknowledge).toEqual({ acknowledged: 0, unacknowledged: 4, median: null, p90: null });
  });

  it('narrows to a team or a source, and a viewer reads the same figures', async () => {
    expect((await figures(owner, { from: at(0), to: at(3), team_id: 'team-other' })).total).toBe(1);
    expect((await figures(owner, { from: at(0), to: at(3), source_id: 'source-noisy' })).total).toBe(3);
    expect((await figures(viewer, { from: at(0), to: at(3) })).total).toBe(4);
    // another organization's source names nothing here
    expect((await figures(owner, { from: at(0), to: at(3), source_id: 'source-elsewhere' })).total).toBe(0);
  });

  it('measures the time to the first acknowledgement', async () => {
    const policy = policyOf([{ timeoutMinutes: 30, targets: [] }]);
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy, sourceId: 'source-acked' });
    await eventually(async () => (await owner.get(`/api/v1/signals/alerts/${alertId}`)).status === 200 || undefined);
    await owner.post(`/api/v1/signals/alerts/${alertId}/acknowledge`).send({}).expect(200);
    const data = await eventually(async () => {
      const answer = await figures(owner, { source_id: 'source-acked' });
      return answer.time_to_acknowledge.acknowledged === 1 ? answer : undefined;
    });
    expect(data.time_to_acknowledge.unacknowledged).toBe(0);
    expect(data.time_to_acknowledge.median).toMatch(/^PT(\d+S|0S)$/);
    expect(data.time_to_acknowledge_series.filter((slot) => slot.acknowledged === 1)).toHaveLength(1);
  });

  it('refuses a bad window with the field named, and answers a day bucket by default beyond two days', async () => {
    const bad = async (query: Record<string, string>, field: string) => {
      const answer = await owner.get(API).query(query).expect(400);
      expect(answer.body.fields[field]?.[0]).toEqual(expect.any(String));
    };
    await bad({ from: 'yesterday' }, 'from');
    await bad({ to: '2026-13-01T00:00:00Z' }, 'to');
    await bad({ bucket: 'PT5M' }, 'bucket');
    await bad({ from: at(3), to: at(0) }, 'from');
    await bad({ from: '2020-01-01T00:00:00Z', to: '2021-01-01T00:00:00Z' }, 'from');
    await bad({ from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z', bucket: 'PT1H' }, 'bucket');
    const week = await figures(owner, { from: at(-72), to: at(3) });
    expect(week.bucket).toBe('P1D');
  });
});
