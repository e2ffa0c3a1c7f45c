import { ViewNames } from '@tocsin/contracts';
import type { AlertRule } from '@tocsin/domain';
import { readModel, type ViewReader } from '../read-model';

/** One document per alert rule: the rule, its organization and its 0-based place in the team's order. */
export type AlertRuleDoc = AlertRule & {
  _id: string;
  orgId: string;
  position: number;
  created_at: string;
  updated_at: string;
  [field: string]: unknown;
};

const model = readModel<AlertRuleDoc>({
  name: ViewNames.alertRules,
  collection: 'alert_rules',
  indexes: [{ keys: { orgId: 1, teamId: 1, position: 1 } }],
});

export const alertRulesView = {
  ...model,
  /** Another organization's rule is not found, like an unknown id. */
  find: (reader: ViewReader, orgId: string, id: string) => model.findOne(reader, { _id: id, orgId }),
  /** The team's rules in evaluation order. */
  ofTeam: (reader: ViewReader, orgId: string, teamId: string) =>
    model.find(reader, { orgId, teamId }, { sort: { position: 1 } }),
};

/** The rule as routing reads it (`routeAlert`), without the view's own fields. */
export const ruleOf = (doc: AlertRuleDoc): AlertRule => ({
  id: doc.id,
  teamId: doc.teamId,
  name: doc.name,
  conditions: doc.conditions,
  action: doc.action,
});
