import type { AlertRule } from '../alerts/routing';

/**
 * Every event of a team's rule list carries the order after it (`order`, rule ids first to last), so a
 * reader places each rule without replaying the others.
 */
export type AlertRuleCreated = {
  type: 'AlertRuleCreated';
  data: { orgId: string; teamId: string; rule: AlertRule; order: string[] };
};
export type AlertRuleChanged = {
  type: 'AlertRuleChanged';
  data: { orgId: string; teamId: string; rule: AlertRule; order: string[] };
};
export type AlertRuleDeleted = {
  type: 'AlertRuleDeleted';
  data: { orgId: string; teamId: string; ruleId: string; order: string[] };
};
export type AlertRuleMoved = {
  type: 'AlertRuleMoved';
  data: { orgId: string; teamId: string; ruleId: string; order: string[] };
};

export type AlertRuleEvent = AlertRuleCreated | AlertRuleChanged | AlertRuleDeleted | AlertRuleMoved;

/** One stream per team's rule list: creating, deleting and reordering are decided on the whole order at once. */
export const alertRulesStream = (teamId: string) => `alert-rules-${teamId}`;
