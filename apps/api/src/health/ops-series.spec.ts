import type { OpsSampleDoc } from '@tocsin/read-models';
import { opsSeries, quantile, seriesStep } from './ops-series';

const empty = new Array<number>(13).fill(0);
const sample = (processId: string, at: string, extra: Partial<OpsSampleDoc> = {}): OpsSampleDoc => ({
  _id: `${processId}/${at}`,
  processId,
  role: 'api',
  at,
  bucket: at.slice(0, 15),
  intervalMs: 10_000,
  orgs: [],
  lagEvents: null,
  lagSeconds: null,
  queues: null,
  sockets: null,
  ...extra,
});

describe('the ops series', () => {
  const now = Date.parse('2026-01-01T01:00:04Z');
  const query = { now, windowMs: 60_000, intervalMs: 10_000 };

  it('cuts the window into steps of the sample interval, a longer one past 360 points', () => {
    expect(seriesStep(3_600_000, 10_000)).toBe(10_000);
    expect(seriesStep(3_600_000, 1_000)).toBe(10_000);
    expect(seriesStep(300_000, 1_000)).toBe(1_000);
    const series = opsSeries([], 'org-a', query);
    expect(series).toMatchObject({
      window: 'PT1M',
      step: 'PT10S',
      from: '2026-01-01T00:59:00.000Z',
      to: '2026-01-01T01:00:00.000Z',
    });
    expect(series.points.map((p) => p.at)).toEqual(
      ['00:59:10', '00:59:20', '00:59:30', '00:59:40', '00:59:50', '01:00:00'].map((t) => `2026-01-01T${t}.000Z`),
    );
    // nobody sampled: every figure unknown rather than zero
    expect(series.points.every((p) => p.processes === 0 && p.ingest_rate === null && p.sockets === null)).toBe(true);
  });

  it("sums the caller's organization's counts, takes the greatest lag and queue, and sums the sockets", () => {
    const at = '2026-01-01T01:00:00.000Z';
    const pages = [...empty];
    pages[2] = 3; // three first pages within (0.1, 0.25] s
    pages[4] = 1; // one within (0.5, 1] s
    const samples = [
      sample('api-1', at, {
        orgs: [
          { orgId: 'org-a', ingested: 20, firstPage: pages },
          { orgId: 'org-b', ingested: 500, firstPage: empty },
        ],
        lagEvents: 2,
        lagSeconds: 0.5,
        queues: [{ queue: 'paging', depth: 4 }],
        sockets: 3,
      }),
      sample('worker-1', at, {
        orgs: [{ orgId: 'org-a', ingested: 10, firstPage: empty }],
        lagEvents: 7,
        lagSeconds: 1.5,
        queues: [
          { queue: 'paging', depth: 5 },
          { queue: 'webhooks', depth: 1 },
        ],
      }),
      sample('api-2', at, { sockets: 2 }),
    ];
    const last = opsSeries(samples, 'org-a', query).points.at(-1)!;
    expect(last).toEqual({
      at,
      processes: 3,
      ingest_rate: 3,
      pages: 4,
      page_latency_p50: 0.2,
      page_latency_p99: 0.98,
      projection_lag_events: 7,
      projection_lag_seconds: 1.5,
      queue_depth: 6,
      sockets: 5,
    });
    const other = opsSeries(samples, 'org-c', query).points.at(-1)!;
    expect(other).toMatchObject({ ingest_rate: 0, pages: 0, page_latency_p50: null, sockets: 5 });
  });

  it('reads quantiles as histogram_quantile does', () => {
    const buckets = [...empty];
    buckets[0] = 10;
    expect(quantile(buckets, 0.5)).toBe(0.025);
    buckets[12] = 90;
    expect(quantile(buckets, 0.99)).toBe(300);
  });
});
