import type { Priority } from '@tocsin/domain';
import type { AlertStatus } from '@tocsin/contracts';

/** Theme colour names (app/theme makes each readable); the words carry the meaning, never the colour alone. */
export const STATUS_DISPLAY: Record<AlertStatus, { label: string; color: string }> = {
  triggered: { label: 'Triggered', color: 'red' },
  acknowledged: { label: 'Acknowledged', color: 'yellow' },
  resolved: { label: 'Resolved', color: 'green' },
};

export const PRIORITY_DISPLAY: Record<Priority, { label: string; color: string }> = {
  HIGH: { label: 'High', color: 'red' },
  MEDIUM: { label: 'Medium', color: 'orange' },
  LOW: { label: 'Low', color: 'gray' },
};

/** What a person may still do with an alert in this status (the decider refuses the rest). */
export const canAcknowledge = (status: AlertStatus) => status === 'triggered';
export const canResolve = (status: AlertStatus) => status !== 'resolved';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 minutes ago", "just now": how long ago, in the largest whole unit. */
export function timeAgo(iso: string, now: Date, locale?: string): string {
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(-Math.round(seconds / size), unit);
  }
  return format.format(-Math.round(seconds / 60), 'minute');
}

/** A full date and time for the title and for screen readers beside the relative one. */
export const fullTime = (iso: string, locale?: string) =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });

/** Labels as `name=value`, sorted so two views of one alert read the same. */
export const labelPairs = (labels: Record<string, string>): string[] =>
  Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`);

/**
 * An alert's links come from whoever holds the ingest URL: only http(s) addresses become links, so a
 * `javascript:` or `data:` one is shown as text and never runs in the reader's session.
 */
export function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
