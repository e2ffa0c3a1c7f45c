import type { Priority } from '../notification-policy/constants';

/** What an incoming alert says of itself, as the source's format was read (generic, Alertmanager, PagerDuty). */
export interface AlertContent {
  summary: string;
  priority: Priority;
  labels: Record<string, string>;
  links: Array<{ href: string; text: string }>;
}

/**
 * A new episode of the alert: the first time its dedup key is seen, or again after it was resolved. `at` is
 * when Tocsin accepted it; every due time of its escalation is counted from it.
 */
export type AlertTriggered = {
  type: 'AlertTriggered';
  data: {
    alertId: string;
    orgId: string;
    sourceId: string;
    dedupKey: string;
    episode: number;
    at: string;
  } & AlertContent;
};
/** The same alert again while its episode is open: counted, never a second page. */
export type AlertDeduplicated = {
  type: 'AlertDeduplicated';
  data: { alertId: string; episode: number; at: string; count: number };
};
/** Someone took it: every notification still pending for this episode is no longer due. */
export type AlertAcknowledged = {
  type: 'AlertAcknowledged';
  data: { alertId: string; episode: number; at: string; by: AlertActor };
};
export type AlertResolved = {
  type: 'AlertResolved';
  data: { alertId: string; episode: number; at: string; by: AlertActor };
};

/** Who moved the alert: a person (UI, API, signed link, SMS reply) or the monitoring tool itself. */
export type AlertActor = { kind: 'user'; userId: string; via: AlertChannel } | { kind: 'source'; sourceId: string };
export const ALERT_CHANNELS = ['web', 'api', 'link', 'sms_reply'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export type AlertEvent = AlertTriggered | AlertDeduplicated | AlertAcknowledged | AlertResolved;

/**
 * One stream per source and dedup key (ARCHITECTURE.md, "Signals"): two identical payloads arriving together
 * are decided one after the other on it, never both as new. The key is hashed by the caller (any length, any
 * characters in; a fixed-size name out).
 */
export const alertStream = (sourceId: string, dedupKeyHash: string) => `alert-${sourceId}-${dedupKeyHash}`;
