import type { AlertRule } from '../alerts/routing';
import { DomainError } from '../../shared/event';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import type { AlertRuleCommand, AlertRuleFields } from './commands';
import type { AlertRuleEvent } from './events';
import type { AlertRulesState } from './state';
import { alertRuleErrors, normalisedRule, teamPatternErrors, TEAM_RULES_MAX } from './validation';

/** Refuses with the field messages, the first as the message. */
export function invalid(fields: Record<string, string[]>): never {
  throw new DomainError(Object.values(fields)[0][0], 'invalid', fields);
}

function validRule(
  command: { orgId: string; teamId: string },
  id: string,
  fields: AlertRuleFields,
  teamPolicies: readonly string[],
  state: AlertRulesState,
): AlertRule {
  const errors = alertRuleErrors(fields);
  if (Object.keys(errors).length > 0) invalid(errors);
  const rule = normalisedRule(id, command.teamId, fields);
  const others = state.rules.filter((other) => other.id !== id);
  const before = state.rules.find((other) => other.id === id);
  const budget = teamPatternErrors(command.orgId, rule, before, others);
  if (Object.keys(budget).length > 0) invalid(budget);
  // a policy of another team or organization is "not found", exactly like an unknown id
  if (rule.action.type === 'route' && !teamPolicies.includes(rule.action.escalationPolicyId)) {
    const message = 'action.escalation_policy_id: no such escalation policy in this team';
    throw new DomainError(message, 'not_found', { 'action.escalation_policy_id': [message] });
  }
  return rule;
}

/** A 0-based place in a team's ordered list of at most `max` + 1 places. */
export function validPosition(position: unknown, max: number): number {
  if (typeof position !== 'number' || !Number.isInteger(position))
    invalid({ position: [FIELD_MESSAGES.wholeNumber('position')] });
  if (position < 0) invalid({ position: [FIELD_MESSAGES.atLeast('position', 0)] });
  if (position > max) invalid({ position: [FIELD_MESSAGES.atMost('position', max)] });
  return position;
}

const same = (a: AlertRule, b: AlertRule) => JSON.stringify(a) === JSON.stringify(b);

export function decideAlertRules(command: AlertRuleCommand, state: AlertRulesState): AlertRuleEvent[] {
  const { orgId, teamId } = command;
  // the stream is the team's: another organization's list does not exist for this caller
  if (state.orgId !== null && state.orgId !== orgId) throw new DomainError('Team not found', 'not_found');
  const order = state.rules.map((rule) => rule.id);
  if (command.type === 'CreateAlertRule') {
    if (order.includes(command.ruleId) || state.deleted.includes(command.ruleId)) {
      throw new DomainError('The alert rule already exists', 'conflict');
    }
    if (state.rules.length >= TEAM_RULES_MAX) {
      throw new DomainError(`A team has at most ${TEAM_RULES_MAX} alert rules`, 'conflict');
    }
    const position = command.position === undefined ? order.length : validPosition(command.position, order.length);
    const rule = validRule(command, command.ruleId, command, command.teamPolicies, state);
    const after = [...order.slice(0, position), rule.id, ...order.slice(position)];
    return [{ type: 'AlertRuleCreated', data: { orgId, teamId, rule, order: after } }];
  }
  const current = state.rules.find((rule) => rule.id === command.ruleId);
  if (!current) throw new DomainError('Alert rule not found', 'not_found');
  switch (command.type) {
    case 'ChangeAlertRule': {
      const currentPolicy = current.action.type === 'route' ? [current.action.escalationPolicyId] : [];
      const rule = validRule(
        command,
        current.id,
        {
          // left out keeps the value; null is a value, and refused like any other missing one
          name: command.name === undefined ? current.name : command.name,
          conditions: command.conditions === undefined ? current.conditions : command.conditions,
          action: command.action === undefined ? current.action : command.action,
        },
        [...command.teamPolicies, ...currentPolicy.filter(() => command.action === undefined)],
        state,
      );
      return same(rule, current) ? [] : [{ type: 'AlertRuleChanged', data: { orgId, teamId, rule, order } }];
    }
    case 'DeleteAlertRule':
      return [
        {
          type: 'AlertRuleDeleted',
          data: { orgId, teamId, ruleId: current.id, order: order.filter((id) => id !== current.id) },
        },
      ];
    case 'MoveAlertRule': {
      const position = validPosition(command.position, order.length - 1);
      if (order.indexOf(current.id) === position) return [];
      const others = order.filter((id) => id !== current.id);
      const after = [...others.slice(0, position), current.id, ...others.slice(position)];
      return [{ type: 'AlertRuleMoved', data: { orgId, teamId, ruleId: current.id, order: after } }];
    }
  }
}
