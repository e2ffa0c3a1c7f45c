import type { ConditionOperator, Priority } from '@tocsin/domain';

/** `field`: source, summary, priority or labels.<name>; `value` absent for `exists`. */
export interface AlertRuleConditionBody {
  field: string;
  operator: ConditionOperator;
  value?: string;
}

/** Route to one of the team's escalation policies (optionally overriding the alert's priority), or drop the alert. */
export type AlertRuleActionBody =
  { type: 'route'; escalation_policy_id: string; priority?: Priority | null } | { type: 'drop' };

/** GET /api/v1/teams/{teamId}/alert_rules/{id} and each item of the list (in evaluation order). */
export interface AlertRuleResource {
  id: string;
  team_id: string;
  name: string;
  /** 0-based place in the team's evaluation order. */
  position: number;
  conditions: AlertRuleConditionBody[];
  action: AlertRuleActionBody & { escalation_policy_name?: string };
  created_at: string;
  updated_at: string;
}

/** POST /api/v1/teams/{teamId}/alert_rules; `position` left out: last. */
export interface AlertRuleRequest {
  name: string;
  conditions: AlertRuleConditionBody[];
  action: AlertRuleActionBody;
  position?: number;
}

/** PATCH /api/v1/teams/{teamId}/alert_rules/{id}: a field left out keeps its value (move with /move). */
export type AlertRuleChangeRequest = Partial<Omit<AlertRuleRequest, 'position'>>;

/** POST /api/v1/teams/{teamId}/alert_rules/{id}/move. */
export interface AlertRuleMoveRequest {
  position: number;
}

export interface AlertRulesResponse {
  data: AlertRuleResource[];
}

/** POST /api/v1/teams/{teamId}/alert_rules/preview: which of the organization's last `limit` alerts the conditions match. */
export interface AlertRulePreviewRequest {
  conditions: AlertRuleConditionBody[];
  /** 1 to 200; 50 when left out. */
  limit?: number;
}

export interface AlertRulePreviewAlert {
  id: string;
  source_id: string;
  team_id: string | null;
  summary: string;
  priority: Priority;
  labels: Record<string, string>;
  triggered_at: string;
}

export interface AlertRulePreviewResponse {
  data: {
    /** How many recent alerts were checked (at most `limit`). */
    checked: number;
    matched: AlertRulePreviewAlert[];
  };
}

export const ALERT_RULE_PREVIEW_DEFAULT = 50;
export const ALERT_RULE_PREVIEW_MAX = 200;
