import { ViewNames } from '@tocsin/contracts';
import type { GroupingRule } from '@tocsin/domain';
import { readModel, type ViewReader } from '../read-model';

/** One document per alert grouping rule: the rule, its organization and its 0-based place in the team's order. */
export type GroupingRuleDoc = GroupingRule & {
  _id: string;
  orgId: string;
  position: number;
  created_at: string;
  updated_at: string;
  [field: string]: unknown;
};

const model = readModel<GroupingRuleDoc>({
  name: ViewNames.groupingRules,
  collection: 'grouping_rules',
  indexes: [{ keys: { orgId: 1, teamId: 1, position: 1 } }],
});

export const groupingRulesView = {
  ...model,
  /** Another organization's rule is not found, like an unknown id. */
  find: (reader: ViewReader, orgId: string, id: string) => model.findOne(reader, { _id: id, orgId }),
  /** The team's rules in evaluation order: the first that matches an alert decides its group. */
  ofTeam: (reader: ViewReader, orgId: string, teamId: string) =>
    model.find(reader, { orgId, teamId }, { sort: { position: 1 } }),
  /** The organization's rules, team by team, each team's in order (at most 20 a team). */
  ofOrg: (reader: ViewReader, orgId: string) =>
    model.find(reader, { orgId }, { sort: { teamId: 1, position: 1 }, limit: 1000 }),
};

/** The rule as grouping reads it, without the view's own fields. */
export const groupingRuleOf = (doc: GroupingRuleDoc): GroupingRule => ({
  id: doc.id,
  teamId: doc.teamId,
  name: doc.name,
  conditions: doc.conditions,
  fields: doc.fields,
  window: doc.window,
});
