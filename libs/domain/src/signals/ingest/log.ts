/** What became of one alert of a payload, or of a payload refused whole (issue 9, `/signals/logs`). */
export const INGEST_OUTCOMES = [
  'new_alert',
  'deduplicated',
  'reopened',
  'acknowledged',
  'resolved',
  /** acknowledge / resolve of an alert that is not open (unknown key, already resolved): nothing to do. */
  'ignored',
  'dropped',
  'rejected',
  'rate_limited',
] as const;
export type IngestOutcome = (typeof INGEST_OUTCOMES)[number];

/**
 * Machine traffic left out of the organization's history (the auditors' view): every payload's log entry, every
 * repeat of an open alert and every heartbeat's ping. They are read on `/signals/logs`, the alert itself and the
 * heartbeat's last beat; history keeps what people did, each alert's lifecycle (triggered, acknowledged, resolved)
 * and each heartbeat's misses and recoveries, which a flood of repeats would bury.
 */
export const NOT_IN_HISTORY = ['PayloadReceived', 'AlertDeduplicated', 'HeartbeatBeat'] as const;

export interface IngestResult {
  outcome: IngestOutcome;
  dedupKey: string;
  alertId: string;
  summary?: string;
  episode?: number;
  /** The rule that dropped it, or routed it. */
  ruleId?: string;
  /** The alert group it opened (it pages for the group) or joined (not paged), by a grouping rule of its team. */
  group?: { groupId: string; role: 'first' | 'member'; ruleId?: string };
  /** A scheduled maintenance held the new episode: recorded, paging nobody until `until`. */
  suppressed?: { maintenanceId: string; maintenanceName: string; until: string };
}

/**
 * One payload received by a source and what came of it: an entry of the ingest log. Not a decision (there is
 * nothing to decide on a log), so it is appended without the command path, many at once (ARCHITECTURE.md,
 * "Signals": batched appends keep it cheap). `results` holds one line per alert of the payload; a payload
 * refused whole has none and says why in `message` and `errors`, with the start of what was sent (`excerpt`).
 */
export type PayloadReceived = {
  type: 'PayloadReceived';
  data: {
    payloadId: string;
    orgId: string;
    sourceId: string;
    format: string;
    receivedAt: string;
    /** The payload's outcome: its one result's, or the first that is not a repeat for a group. */
    outcome: IngestOutcome;
    results: IngestResult[];
    message?: string;
    errors?: string[];
    excerpt?: string;
  };
};

export const ingestLogStream = (sourceId: string) => `ingestLog-${sourceId}`;

/** How a group reads at a glance: what changed beats what repeated. */
const WEIGHT: Record<IngestOutcome, number> = {
  rejected: 0,
  rate_limited: 1,
  new_alert: 2,
  reopened: 3,
  resolved: 4,
  acknowledged: 5,
  dropped: 6,
  deduplicated: 7,
  ignored: 8,
};

export function payloadOutcome(results: readonly IngestResult[]): IngestOutcome {
  return results.reduce<IngestOutcome>(
    (best, r) => (WEIGHT[r.outcome] < WEIGHT[best] ? r.outcome : best),
    results[0]?.outcome ?? 'ignored',
  );
}
