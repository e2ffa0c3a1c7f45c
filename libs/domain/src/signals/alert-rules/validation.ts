import { conditionErrors } from '../alerts/condition-errors';
import { TEAM_PATTERN_PROGRAM_MAX } from '../alerts/pattern';
import { patternProgramSize } from '../alerts/pattern-cache';
import type { AlertRule, RuleAction, RuleCondition } from '../alerts/routing';
import { PRIORITIES, type Priority } from '../../notification-policy/constants';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import type { AlertRuleFields } from './commands';

export const RULE_NAME_MAX_LENGTH = 100;
/** Rules run in order on every alert of the team: a bound keeps routing cheap and the list readable. */
export const TEAM_RULES_MAX = 100;
export const RULE_ACTION_TYPES = ['route', 'drop'] as const;
export type RuleActionType = (typeof RULE_ACTION_TYPES)[number];

/** The wording of a rule's own rules, `at` naming the field as the request does (`action.type`). */
export const RULE_MESSAGES = {
  action: (at: string) => `${at} must be an object with a type`,
  actionType: (at: string) => FIELD_MESSAGES.oneOf(at, RULE_ACTION_TYPES),
  priority: (at: string) => FIELD_MESSAGES.oneOf(at, PRIORITIES),
} as const;

/**
 * The field messages of a rule, keyed as the API and the editor name the fields (`conditions[0].value`,
 * `action.escalation_policy_id`); empty when it is valid. Takes anything: values arrive as the client sent them.
 */
export function alertRuleErrors(fields: Record<keyof AlertRuleFields, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const { name, conditions, action } = fields;
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (!trimmed) errors.name = [FIELD_MESSAGES.required('name')];
  else if (trimmed.length > RULE_NAME_MAX_LENGTH)
    errors.name = [FIELD_MESSAGES.maxLength('name', RULE_NAME_MAX_LENGTH)];
  if (conditions === undefined || conditions === null) errors.conditions = [FIELD_MESSAGES.required('conditions')];
  else Object.assign(errors, conditionErrors(conditions));
  if (typeof action !== 'object' || action === null || Array.isArray(action)) {
    errors.action = [
      action === undefined || action === null ? FIELD_MESSAGES.required('action') : RULE_MESSAGES.action('action'),
    ];
    return errors;
  }
  const { type, escalationPolicyId, priority } = action as Record<string, unknown>;
  if (typeof type !== 'string' || !(RULE_ACTION_TYPES as readonly string[]).includes(type)) {
    errors['action.type'] = [RULE_MESSAGES.actionType('action.type')];
  } else if (type === 'route') {
    if (typeof escalationPolicyId !== 'string' || escalationPolicyId === '') {
      errors['action.escalation_policy_id'] = [FIELD_MESSAGES.required('action.escalation_policy_id')];
    }
    if (
      priority !== undefined &&
      priority !== null &&
      !(PRIORITIES as readonly string[]).includes(priority as string)
    ) {
      errors['action.priority'] = [RULE_MESSAGES.priority('action.priority')];
    }
  }
  return errors;
}

/** The rule as stored: name trimmed, conditions and action with only their own fields. */
export function normalisedRule(id: string, teamId: string, fields: AlertRuleFields): AlertRule {
  const conditions: RuleCondition[] = fields.conditions.map(({ field, operator, value }) =>
    operator === 'exists' ? { field, operator } : { field, operator, value },
  );
  const action: RuleAction =
    fields.action.type === 'drop'
      ? { type: 'drop' }
      : {
          type: 'route',
          escalationPolicyId: fields.action.escalationPolicyId,
          ...(fields.action.priority ? { priority: fields.action.priority as Priority } : {}),
        };
  return { id, teamId, name: fields.name.trim(), conditions, action };
}

/** The instructions the patterns of `rules` compile to together. */
const programSize = (orgId: string, rules: readonly AlertRule[]) =>
  rules
    .flatMap((rule) => rule.conditions)
    .reduce((sum, { operator, value }) => sum + (operator === 'matches' ? patternProgramSize(orgId, value!) : 0), 0);

/**
 * The field message when `rule` (replacing `before`, if it is a change) would take the team's patterns past what
 * routing one alert may run; empty when it fits, or when it takes no more than it did. `others` are the team's
 * other rules.
 */
export function teamPatternErrors(
  orgId: string,
  rule: AlertRule,
  before: AlertRule | undefined,
  others: readonly AlertRule[],
): Record<string, string[]> {
  const own = programSize(orgId, [rule]);
  if (own === 0 || own <= (before ? programSize(orgId, [before]) : 0)) return {};
  const rest = programSize(orgId, others);
  if (own + rest <= TEAM_PATTERN_PROGRAM_MAX) return {};
  return {
    conditions: [
      `conditions: the patterns of a team's rules together must compile to at most ${TEAM_PATTERN_PROGRAM_MAX} ` +
        `steps (this rule's take ${own}, the team's other rules' ${rest}): simplify or remove some`,
    ],
  };
}
