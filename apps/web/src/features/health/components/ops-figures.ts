import type { OpsSeriesPoint } from '@tocsin/contracts';

type NumericField = {
  [K in keyof OpsSeriesPoint]: OpsSeriesPoint[K] extends number | null ? K : never;
}[keyof OpsSeriesPoint];

/** One chart of the ops panel: its lines, its table's columns and the sentence read in place of the drawing. */
export interface OpsFigure {
  key: string;
  title: string;
  /** Whose figure it is: the caller's organization's, or the system's. */
  scope: string;
  decimals: boolean;
  /** Marks each point: for a sparse figure (pages are rare), whose lone points would not show as a line. */
  dots?: boolean;
  lines: Array<{ key: NumericField; name: string; color: string }>;
  columns: Array<{ label: string; cell: (point: OpsSeriesPoint) => string }>;
  /** Given the sampled points, newest first. */
  summary: (sampled: OpsSeriesPoint[]) => string;
}

const shown = (value: number | null) => (value === null ? '—' : String(Math.round(value * 100) / 100));

/** The latest value of a field and the highest in the window, as a sentence (or that nothing was sampled). */
const latestAndHighest =
  (field: NumericField, one: string, many: string) =>
  (sampled: OpsSeriesPoint[]): string => {
    const values = sampled.map((point) => point[field]).filter((value): value is number => value !== null);
    if (values.length === 0) return 'Nothing sampled in this window yet.';
    const said = (value: number) => `${shown(value)} ${shown(value) === '1' ? one : many}`;
    return `Now ${said(values[0])}; at most ${said(Math.max(...values))} in this window.`;
  };

// the alert charts' colours (alert-visualization-page.tsx)
export const OPS_FIGURES: OpsFigure[] = [
  {
    key: 'ingest',
    title: 'Ingest rate',
    scope: 'Your organization: alerts taken by its ingest URLs',
    decimals: true,
    lines: [{ key: 'ingest_rate', name: 'Alerts per second', color: 'var(--mantine-color-blue-7)' }],
    columns: [{ label: 'Alerts per second', cell: (p) => shown(p.ingest_rate) }],
    summary: latestAndHighest('ingest_rate', 'alert per second', 'alerts per second'),
  },
  {
    key: 'latency',
    title: 'Page latency',
    scope: 'Your organization: from an alert to its first page handed to a channel',
    decimals: true,
    dots: true,
    lines: [
      { key: 'page_latency_p50', name: 'Median (s)', color: 'var(--mantine-color-violet-7)' },
      { key: 'page_latency_p99', name: '99th percentile (s)', color: 'var(--mantine-color-red-7)' },
    ],
    columns: [
      { label: 'Pages', cell: (p) => shown(p.pages) },
      { label: 'Median (s)', cell: (p) => shown(p.page_latency_p50) },
      { label: '99th percentile (s)', cell: (p) => shown(p.page_latency_p99) },
    ],
    summary: (sampled) => {
      const paged = sampled.filter((point) => point.page_latency_p99 !== null);
      if (paged.length === 0) return 'No page was sent in this window.';
      const latest = paged[0];
      return `Latest pages: median ${shown(latest.page_latency_p50)} s, 99th percentile ${shown(latest.page_latency_p99)} s.`;
    },
  },
  {
    key: 'lag',
    title: 'Projection lag',
    scope: 'System: how far the slowest view is behind the event log',
    decimals: true,
    lines: [{ key: 'projection_lag_seconds', name: 'Seconds behind', color: 'var(--mantine-color-orange-6)' }],
    columns: [
      { label: 'Events behind', cell: (p) => shown(p.projection_lag_events) },
      { label: 'Seconds behind', cell: (p) => shown(p.projection_lag_seconds) },
    ],
    summary: latestAndHighest('projection_lag_seconds', 'second behind', 'seconds behind'),
  },
  {
    key: 'queues',
    title: 'Queue depth',
    scope: 'System: jobs waiting, delayed or running, every queue',
    decimals: false,
    lines: [{ key: 'queue_depth', name: 'Jobs', color: 'var(--mantine-color-teal-7)' }],
    columns: [{ label: 'Jobs', cell: (p) => shown(p.queue_depth) }],
    summary: latestAndHighest('queue_depth', 'job', 'jobs'),
  },
  {
    key: 'sockets',
    title: 'Connected sockets',
    scope: 'System: live connections to every api process',
    decimals: false,
    lines: [{ key: 'sockets', name: 'Sockets', color: 'var(--mantine-color-gray-7)' }],
    columns: [{ label: 'Sockets', cell: (p) => shown(p.sockets) }],
    summary: latestAndHighest('sockets', 'socket', 'sockets'),
  },
];
