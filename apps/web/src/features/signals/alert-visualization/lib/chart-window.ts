/** The windows the alert charts offer, each ending now. */
export const CHART_WINDOWS = [
  { value: '1', label: 'Last 24 hours', days: 1 },
  { value: '7', label: 'Last 7 days', days: 7 },
  { value: '30', label: 'Last 30 days', days: 30 },
  { value: '90', label: 'Last 90 days', days: 90 },
] as const;

const DAY_MS = 86_400_000;

/** The window's query: the `days` days up to the end of the minute `now` falls in. */
export function windowQuery(days: number, now: number): { from: string; to: string } {
  const to = Math.floor(now / 60_000) * 60_000 + 60_000;
  return { from: new Date(to - days * DAY_MS).toISOString(), to: new Date(to).toISOString() };
}

/** A bucket's label: its hour for hourly buckets, its date for daily ones, in the viewer's zone. */
export function bucketLabel(start: string, bucket: 'PT1H' | 'P1D'): string {
  const date = new Date(start);
  return bucket === 'PT1H'
    ? date.toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** `PT1H2M3S` as people read it: `1 h 2 min 3 s`. */
export function readableDuration(iso: string | null): string {
  if (!iso) return '—';
  const match = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso);
  if (!match) return iso;
  const [, h, m, s] = match;
  const parts = [h && `${h} h`, m && `${m} min`, s && `${s} s`].filter(Boolean);
  return parts.length ? parts.join(' ') : '0 s';
}

/** Seconds as people read them (the per-bucket medians). */
export function readableSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return readableDuration(`PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`);
}
