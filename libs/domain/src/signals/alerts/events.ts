export * from './actor';
import type { EscalationPolicySnapshot } from '../escalation-policies/policy';
import type { Priority } from '../../notification-policy/constants';
import type { AlertActor } from './actor';
import type { PagingEvent } from '../paging/events';
import type { RoutingDecision } from './routing';
import type { AlertGrouping } from '../alert-grouping/groups';

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
    /** The team the alert belongs to: the matching rule's, else the source's default team. */
    teamId: string;
    /** How routing decided, with the rule that matched (never `drop`: a dropped alert does not trigger). */
    routing: Exclude<RoutingDecision, { kind: 'drop' }>;
    /** The escalation policy as it was at this moment; null when neither the rule nor the source names one. */
    policy: EscalationPolicySnapshot | null;
    /** The alert group the episode opened or joined; absent when no grouping rule of the team matched. */
    grouping?: AlertGrouping;
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
  data: { alertId: string; episode: number; at: string; by: AlertActor; groupId?: string };
};
export type AlertResolved = {
  type: 'AlertResolved';
  /** `quietMinutes`: resolved by Tocsin because the source sent nothing for that long (its auto-resolve setting). */
  data: { alertId: string; episode: number; at: string; by: AlertActor; quietMinutes?: number; groupId?: string };
};

export type AlertEvent = AlertTriggered | AlertDeduplicated | AlertAcknowledged | AlertResolved | PagingEvent;

/**
 * One stream per source and dedup key (ARCHITECTURE.md, "Signals"): two identical payloads arriving together
 * are decided one after the other on it, never both as new. The key is hashed by the caller (any length, any
 * characters in; a fixed-size name out).
 */
export const alertStream = (sourceId: string, dedupKeyHash: string) => `alert-${sourceId}-${dedupKeyHash}`;
