import { DomainError } from '../../shared/event';
import { invalid, validPosition } from '../alert-rules/decide';
import type { GroupingRuleCommand, GroupingRuleEvent, GroupingRulesState } from './rules';
import { groupingRuleErrors, normalisedGroupingRule, TEAM_GROUPING_RULES_MAX } from './validation';

const placed = (order: string[], id: string, position: number) => {
  const others = order.filter((other) => other !== id);
  return [...others.slice(0, position), id, ...others.slice(position)];
};

/** A team's grouping rules: created, changed (and moved), deleted, each checked whole before anything is written. */
export function decideGroupingRules(command: GroupingRuleCommand, state: GroupingRulesState): GroupingRuleEvent[] {
  const { orgId, teamId } = command;
  // the stream is the team's: another organization's list does not exist for this caller
  if (state.orgId !== null && state.orgId !== orgId) throw new DomainError('Team not found', 'not_found');
  const order = state.rules.map((rule) => rule.id);
  if (command.type === 'CreateGroupingRule') {
    if (order.includes(command.ruleId) || state.deleted.includes(command.ruleId))
      throw new DomainError('The grouping rule already exists', 'conflict');
    if (order.length >= TEAM_GROUPING_RULES_MAX)
      throw new DomainError(`A team has at most ${TEAM_GROUPING_RULES_MAX} grouping rules`, 'conflict');
    const errors = groupingRuleErrors(command);
    const position = command.position === undefined ? order.length : validPosition(command.position, order.length);
    if (Object.keys(errors).length > 0) invalid(errors);
    const rule = normalisedGroupingRule(command.ruleId, teamId, { ...command, conditions: command.conditions ?? [] });
    return [{ type: 'GroupingRuleSaved', data: { orgId, teamId, rule, order: placed(order, rule.id, position) } }];
  }
  const current = state.rules.find((rule) => rule.id === command.ruleId);
  if (!current) throw new DomainError('Grouping rule not found', 'not_found');
  if (command.type === 'DeleteGroupingRule') {
    const after = order.filter((id) => id !== current.id);
    return [{ type: 'GroupingRuleDeleted', data: { orgId, teamId, ruleId: current.id, order: after } }];
  }
  // left out keeps the value; null is a value, and refused like any other missing one (conditions: none)
  const fields = {
    name: command.name === undefined ? current.name : command.name,
    conditions: command.conditions === undefined ? current.conditions : (command.conditions ?? []),
    fields: command.fields === undefined ? current.fields : command.fields,
    window: command.window === undefined ? current.window : command.window,
  };
  const errors = groupingRuleErrors(fields);
  const position =
    command.position === undefined ? order.indexOf(current.id) : validPosition(command.position, order.length - 1);
  if (Object.keys(errors).length > 0) invalid(errors);
  const rule = normalisedGroupingRule(current.id, teamId, fields);
  const after = placed(order, rule.id, position);
  if (JSON.stringify(rule) === JSON.stringify(current) && after.join() === order.join()) return [];
  return [{ type: 'GroupingRuleSaved', data: { orgId, teamId, rule, order: after } }];
}
