import type { IngestLogEntry, IngestLogsQuery } from '@tocsin/contracts';
import { INGEST_OUTCOMES, type IngestOutcome } from '@tocsin/domain';

/** Each outcome in words, with a theme colour name; the word carries the meaning, the colour only helps. */
export const OUTCOME_DISPLAY: Record<IngestOutcome, { label: string; short: string; color: string }> = {
  new_alert: { short: 'new', label: 'New alert', color: 'blue' },
  deduplicated: { short: 'deduplicated', label: 'Deduplicated', color: 'gray' },
  reopened: { short: 're-opened', label: 'Re-opened', color: 'violet' },
  acknowledged: { short: 'acknowledged', label: 'Acknowledged', color: 'yellow' },
  resolved: { short: 'resolved', label: 'Resolved', color: 'green' },
  ignored: { short: 'ignored', label: 'Ignored', color: 'gray' },
  dropped: { short: 'dropped', label: 'Dropped by a rule', color: 'orange' },
  rejected: { short: 'rejected', label: 'Rejected', color: 'red' },
  rate_limited: { short: 'rate limited', label: 'Rate limited (429)', color: 'red' },
};

export const LOGS_PER_PAGE = 50;

export interface LogFilters {
  sourceId: string | null;
  outcome: IngestOutcome | null;
  page: number;
}

export function readLogFilters(params: URLSearchParams): LogFilters {
  const outcome = params.get('outcome');
  const page = Math.floor(Number(params.get('page')));
  return {
    sourceId: params.get('source') || null,
    outcome: outcome && (INGEST_OUTCOMES as readonly string[]).includes(outcome) ? (outcome as IngestOutcome) : null,
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

export function writeLogFilters(filters: LogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.sourceId) params.set('source', filters.sourceId);
  if (filters.outcome) params.set('outcome', filters.outcome);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export const logsQuery = (filters: LogFilters): IngestLogsQuery => ({
  source_id: filters.sourceId ?? undefined,
  outcome: filters.outcome ?? undefined,
  page: filters.page,
  per_page: LOGS_PER_PAGE,
});

/**
 * Why a payload came out as it did, in one line: the refusal's message and errors, else what happened to
 * each of its alerts ("3 alerts: 2 new alerts, 1 deduplicated").
 */
export function logSummary(entry: IngestLogEntry): string {
  if (entry.results.length === 0) {
    const errors = entry.errors.filter((error) => error !== entry.message);
    return [entry.message, ...errors].filter(Boolean).join('; ') || OUTCOME_DISPLAY[entry.outcome].label;
  }
  if (entry.results.length === 1) {
    const [only] = entry.results;
    return only!.summary ?? only!.dedup_key;
  }
  const counts = new Map<IngestOutcome, number>();
  for (const result of entry.results) counts.set(result.outcome, (counts.get(result.outcome) ?? 0) + 1);
  const parts = [...counts].map(([outcome, count]) => `${count} ${OUTCOME_DISPLAY[outcome].short}`);
  return `${entry.results.length} alerts: ${parts.join(', ')}`;
}
