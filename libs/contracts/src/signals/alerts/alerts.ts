import type { AlertActor, EscalationTarget, Priority, RoutingDecision } from '@tocsin/domain';
import type { PagePagination, PageQuery } from '../../organization-admin/organization-admin';

/**
 * The escalation policy as the alert copied it when it triggered (the escalation in flight follows it, never a
 * later edit), in the escalation policies API's words: durations as ISO-8601 text.
 */
export interface AlertPolicyCopy {
  policy_id: string;
  name: string;
  /** The policy's revision that was copied (the escalation policies API's `revision`). */
  revision: number;
  steps: Array<{ timeout: string; targets: EscalationTarget[] }>;
  repeat: number;
  /** Null: no reminder after an acknowledgement. */
  ack_reminder: string | null;
}

export const ALERT_STATUSES = ['triggered', 'acknowledged', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** GET /api/v1/signals/alerts/{id} and each item of the list: the alert's current (or last) episode. */
export interface Alert {
  id: string;
  source_id: string;
  team_id: string;
  status: AlertStatus;
  episode: number;
  summary: string;
  priority: Priority;
  labels: Record<string, string>;
  links: Array<{ href: string; text: string }>;
  dedup_key: string;
  /** Payloads counted into this episode, the first included. */
  count: number;
  routing: Exclude<RoutingDecision, { kind: 'drop' }>;
  policy: AlertPolicyCopy | null;
  acknowledged_by: AlertActor | null;
  resolved_by: AlertActor | null;
  triggered_at: string;
  acknowledged_at: string | null;
  resolved_at: string | null;
  updated_at: string;
  /** The alert group the episode opened or joined, if a grouping rule of its team matched. */
  group_id: string | null;
  /** Incidents declared from this alert (issue 21). */
  incident_ids: string[];
}

/**
 * GET /api/v1/signals/alerts: newest first. `status`, `priority` may be given as comma-separated lists;
 * `query` is part of the summary or of a label (`name=value` or either alone).
 */
export interface AlertsQuery extends PageQuery {
  status?: string;
  priority?: string;
  source_id?: string;
  team_id?: string;
  query?: string;
}

export interface AlertsResponse {
  data: Alert[];
  pagination: PagePagination;
}
