import { OPS_SERIES_MAX_POINTS, type OpsSeries, type OpsSeriesPoint } from '@tocsin/contracts';
import { formatDuration } from '@tocsin/domain';
import { FIRST_PAGE_BUCKETS } from '@tocsin/platform';
import type { OpsSampleDoc } from '@tocsin/read-models';

/** The step of a window: the sample interval, or a whole multiple of it keeping the points within the bound. */
export function seriesStep(windowMs: number, intervalMs: number): number {
  return Math.max(1, Math.ceil(windowMs / OPS_SERIES_MAX_POINTS / intervalMs)) * intervalMs;
}

/**
 * The ops charts' series from every process's samples (ARCHITECTURE.md "Operators"): each point ends at a whole
 * multiple of the step and takes the samples of the step before it. Counts (ingest, first pages) are summed over
 * samples and processes, the caller's organization's only; of the health figures each process gives its latest in
 * the step, then lags take the greatest (every process reads the same views), queues the greatest per queue (a
 * queue in Redis is seen alike by every process using it) summed over queues, and sockets the sum (each api process
 * counts its own).
 */
export function opsSeries(
  samples: readonly OpsSampleDoc[],
  orgId: string,
  query: { now: number; windowMs: number; intervalMs: number },
): OpsSeries {
  const step = seriesStep(query.windowMs, query.intervalMs);
  const count = Math.ceil(query.windowMs / step);
  const last = Math.floor(query.now / step) * step;
  const from = last - count * step;
  const byPoint = new Map<number, OpsSampleDoc[]>();
  for (const sample of samples) {
    const at = Date.parse(sample.at);
    if (!(at > from && at <= last)) continue;
    const end = Math.ceil(at / step) * step;
    byPoint.set(end, [...(byPoint.get(end) ?? []), sample]);
  }
  const points: OpsSeriesPoint[] = [];
  for (let end = from + step; end <= last; end += step) points.push(point(end, byPoint.get(end) ?? [], orgId, step));
  return {
    window: formatDuration(query.windowMs / 1000),
    step: formatDuration(step / 1000),
    from: new Date(from).toISOString(),
    to: new Date(last).toISOString(),
    points,
  };
}

function point(end: number, samples: readonly OpsSampleDoc[], orgId: string, stepMs: number): OpsSeriesPoint {
  const at = new Date(end).toISOString();
  if (samples.length === 0)
    return {
      at,
      processes: 0,
      ingest_rate: null,
      pages: null,
      page_latency_p50: null,
      page_latency_p99: null,
      projection_lag_events: null,
      projection_lag_seconds: null,
      queue_depth: null,
      sockets: null,
    };
  const latest = new Map<string, OpsSampleDoc>();
  let ingested = 0;
  const buckets = new Array<number>(FIRST_PAGE_BUCKETS.length + 1).fill(0);
  for (const sample of samples) {
    const before = latest.get(sample.processId);
    if (!before || before.at < sample.at) latest.set(sample.processId, sample);
    const own = sample.orgs.find((org) => org.orgId === orgId);
    if (!own) continue;
    ingested += own.ingested;
    own.firstPage.forEach((n, i) => i < buckets.length && (buckets[i] += n));
  }
  const processes = [...latest.values()];
  const pages = buckets.reduce((sum, n) => sum + n, 0);
  const queues = new Map<string, number>();
  for (const { queue, depth } of processes.flatMap((p) => p.queues ?? []))
    queues.set(queue, Math.max(queues.get(queue) ?? 0, depth));
  const figures = (pick: (p: OpsSampleDoc) => number | null) =>
    processes.map(pick).filter((n): n is number => n !== null);
  const greatest = (values: number[]) => (values.length ? Math.max(...values) : null);
  const sockets = figures((p) => p.sockets);
  return {
    at,
    processes: processes.length,
    ingest_rate: round(ingested / (stepMs / 1000)),
    pages,
    page_latency_p50: pages ? quantile(buckets, 0.5) : null,
    page_latency_p99: pages ? quantile(buckets, 0.99) : null,
    projection_lag_events: greatest(figures((p) => p.lagEvents)),
    projection_lag_seconds: greatest(figures((p) => p.lagSeconds)),
    queue_depth: processes.some((p) => p.queues) ? [...queues.values()].reduce((sum, n) => sum + n, 0) : null,
    sockets: sockets.length ? sockets.reduce((sum, n) => sum + n, 0) : null,
  };
}

/**
 * A quantile of a histogram as Prometheus's histogram_quantile reads one: linear within the bucket holding the rank,
 * the first bucket from 0, and the highest bound for a rank beyond every bound.
 */
export function quantile(buckets: readonly number[], q: number): number {
  const total = buckets.reduce((sum, n) => sum + n, 0);
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < FIRST_PAGE_BUCKETS.length; i++) {
    const inBucket = buckets[i] ?? 0;
    if (below + inBucket >= rank && inBucket > 0) {
      const lower = i === 0 ? 0 : FIRST_PAGE_BUCKETS[i - 1];
      return round(lower + (FIRST_PAGE_BUCKETS[i] - lower) * ((rank - below) / inBucket));
    }
    below += inBucket;
  }
  return FIRST_PAGE_BUCKETS[FIRST_PAGE_BUCKETS.length - 1];
}

const round = (n: number) => Math.round(n * 1000) / 1000;
