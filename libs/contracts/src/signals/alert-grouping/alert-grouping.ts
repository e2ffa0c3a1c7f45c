import type { Priority } from '@tocsin/domain';
import type { AlertRuleConditionBody } from '../alert-rules/alert-rules';

/** GET /api/v1/signals/alert_grouping/{id} and each item of the list (by team, then the team's order). */
export interface GroupingRuleResource {
  id: string;
  team_id: string;
  team_name?: string;
  name: string;
  /** 0-based place in the team's order: the first rule that matches decides. */
  position: number;
  conditions: AlertRuleConditionBody[];
  /** `source`, `summary`, `priority` or `labels.<name>`: alerts with equal values share a group. */
  fields: string[];
  /** ISO-8601, PT1M..PT24H: how long an open group waits for its next alert. */
  window: string;
  created_at: string;
  updated_at: string;
}

/** POST /api/v1/signals/alert_grouping; `position` left out: last of the team's rules. */
export interface GroupingRuleRequest {
  team_id: string;
  name: string;
  conditions?: AlertRuleConditionBody[];
  fields: string[];
  window: string;
  position?: number;
}

/** PATCH /api/v1/signals/alert_grouping/{id}: a field left out keeps its value (the team stays). */
export type GroupingRuleChangeRequest = Partial<Omit<GroupingRuleRequest, 'team_id'>>;

export interface GroupingRulesResponse {
  data: GroupingRuleResource[];
}

export type AlertGroupStatus = 'open' | 'acknowledged' | 'resolved' | 'closed';

/** One member alert of a group, as the alerts view shows it now. */
export interface AlertGroupMember {
  id: string;
  summary: string;
  priority: Priority;
  status: 'triggered' | 'acknowledged' | 'resolved';
  /** The first alert pages for the group. */
  first: boolean;
  joined_at: string;
}

/** GET /api/v1/signals/alert_groups and each item; the detail adds `members`. */
export interface AlertGroupResource {
  id: string;
  team_id: string;
  rule_id: string;
  /** The key's values by field. */
  key: Record<string, string>;
  summary: string;
  /** `closed`: its window passed with no new alert (its alerts may still be open). */
  status: AlertGroupStatus;
  first_alert_id: string;
  alert_count: number;
  opened_at: string;
  last_alert_at: string;
  closes_at: string;
  members?: AlertGroupMember[];
}

export interface AlertGroupsResponse {
  data: AlertGroupResource[];
}
