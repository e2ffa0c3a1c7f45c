import type { RuleCondition } from '../alerts/routing';

/**
 * A team's alert grouping rule (issue 20, "Alert grouping"): alerts of the team whose conditions hold (none:
 * every alert) and whose `fields` have equal values share a group key; one that arrives while the group of its
 * key is open, within `window` of the group's last alert, joins it instead of paging.
 */
export interface GroupingRule {
  id: string;
  teamId: string;
  name: string;
  conditions: RuleCondition[];
  /** `source`, `summary`, `priority` or `labels.<name>`, as conditions name them: the key is their values. */
  fields: string[];
  /** ISO-8601, whole minutes, PT1M..PT24H: how long an open group waits for its next alert. */
  window: string;
}

/** The parts of a rule a person writes. */
export type GroupingRuleFields = Omit<GroupingRule, 'id' | 'teamId'>;

export type CreateGroupingRule = {
  type: 'CreateGroupingRule';
  orgId: string;
  teamId: string;
  ruleId: string;
  /** 0-based place in the team's order; left out: last. */
  position?: number;
} & GroupingRuleFields;

/** Fields left out keep their value (PATCH). */
export type ChangeGroupingRule = {
  type: 'ChangeGroupingRule';
  orgId: string;
  teamId: string;
  ruleId: string;
  position?: number;
} & Partial<GroupingRuleFields>;

export type DeleteGroupingRule = { type: 'DeleteGroupingRule'; orgId: string; teamId: string; ruleId: string };

export type GroupingRuleCommand = CreateGroupingRule | ChangeGroupingRule | DeleteGroupingRule;

/** Every event carries the team's order after it (rule ids, first to last), as alert rules' do. */
export type GroupingRuleSaved = {
  type: 'GroupingRuleSaved';
  data: { orgId: string; teamId: string; rule: GroupingRule; order: string[] };
};
export type GroupingRuleDeleted = {
  type: 'GroupingRuleDeleted';
  data: { orgId: string; teamId: string; ruleId: string; order: string[] };
};
export type GroupingRuleEvent = GroupingRuleSaved | GroupingRuleDeleted;

/** One stream per team's grouping rules: the order is decided on the whole list at once. */
export const groupingRulesStream = (teamId: string) => `alert-grouping-rules-${teamId}`;

export interface GroupingRulesState {
  orgId: string | null;
  /** In evaluation order. */
  rules: GroupingRule[];
  /** Ids of deleted rules: never reused. */
  deleted: string[];
}

export const initialGroupingRules = (): GroupingRulesState => ({ orgId: null, rules: [], deleted: [] });

export function evolveGroupingRules(state: GroupingRulesState, event: GroupingRuleEvent): GroupingRulesState {
  const { orgId, order } = event.data;
  const saved = event.type === 'GroupingRuleSaved' ? event.data.rule : null;
  const all = saved ? [...state.rules.filter((rule) => rule.id !== saved.id), saved] : state.rules;
  const rules = order.map((id) => all.find((rule) => rule.id === id)).filter((rule) => rule !== undefined);
  const deleted = event.type === 'GroupingRuleDeleted' ? [...state.deleted, event.data.ruleId] : state.deleted;
  return { orgId, rules, deleted };
}
