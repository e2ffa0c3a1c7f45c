import { RE2JS } from 're2js';
import { PRIORITIES, type Priority } from '../notification-policy/constants';
import { FIELD_MESSAGES } from '../shared/field-rules';
import { ownValue } from '../shared/own';

/**
 * Team alert rules (issue 9, "Routing"): conditions on the alert's source, fields and labels, evaluated in
 * order; the first rule whose conditions all hold decides. Pure: the same rules and alert always give the
 * same decision, which is recorded on the alert with the rule that made it.
 */
export const CONDITION_OPERATORS = ['equals', 'contains', 'matches', 'exists'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** `source`, `summary`, `priority`, or `labels.<name>`. */
export interface RuleCondition {
  field: string;
  operator: ConditionOperator;
  /** Absent for `exists`. */
  value?: string;
}

export type RuleAction = { type: 'route'; escalationPolicyId: string; priority?: Priority } | { type: 'drop' };

export interface AlertRule {
  id: string;
  teamId: string;
  name: string;
  conditions: RuleCondition[];
  action: RuleAction;
}

/** What routing reads of an alert. */
export interface RoutableAlert {
  sourceId: string;
  summary: string;
  priority: Priority;
  labels: Record<string, string>;
}

/** Where an alert no rule matched goes: its source's default team and policy. */
export interface SourceDefault {
  teamId: string;
  escalationPolicyId: string | null;
}

export type RoutingDecision =
  | { kind: 'route'; ruleId: string; teamId: string; escalationPolicyId: string; priority: Priority }
  | { kind: 'drop'; ruleId: string; teamId: string }
  | { kind: 'default'; teamId: string; escalationPolicyId: string | null; priority: Priority };

/** A pattern longer than this is refused: `matches` runs on every alert, and long patterns are where slow ones hide. */
export const PATTERN_MAX_LENGTH = 200;
export const RULE_CONDITIONS_MAX = 20;
const LABEL_FIELD = /^labels\.[A-Za-z_][A-Za-z0-9_.-]{0,99}$/;
const FIELDS = ['source', 'summary', 'priority'] as const;

function fieldValue(alert: RoutableAlert, field: string): string | undefined {
  if (field === 'source') return alert.sourceId;
  if (field === 'summary') return alert.summary;
  if (field === 'priority') return alert.priority;
  if (field.startsWith('labels.')) {
    const name = field.slice('labels.'.length);
    return ownValue(alert.labels, name);
  }
  return undefined;
}

/** Whether one condition holds. Text comparisons ignore case: monitoring tools disagree on it. */
export function conditionHolds(condition: RuleCondition, alert: RoutableAlert): boolean {
  const actual = fieldValue(alert, condition.field);
  if (condition.operator === 'exists') return actual !== undefined && actual !== '';
  if (actual === undefined) return false;
  const expected = condition.value ?? '';
  switch (condition.operator) {
    case 'equals':
      return actual.toLowerCase() === expected.toLowerCase();
    case 'contains':
      return actual.toLowerCase().includes(expected.toLowerCase());
    case 'matches':
      return pattern(expected).matcher(actual).find();
  }
}

/**
 * Patterns are RE2 (through re2js), not JavaScript's backtracking engine: matching takes time linear in the
 * text, so a pattern such as `(a+)+$` written into a rule cannot stall ingest for every organization
 * (ReDoS). RE2 has no look-arounds or back-references; the editor says so when a pattern uses them.
 *
 * Rules run on every incoming alert: a pattern is compiled once, not per alert. Bounded, so patterns of
 * deleted rules do not pile up; the oldest goes first.
 */
const PATTERN_CACHE_MAX = 1000;
const compiled = new Map<string, RE2JS>();
function pattern(source: string): RE2JS {
  let regex = compiled.get(source);
  if (!regex) {
    regex = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
    if (compiled.size >= PATTERN_CACHE_MAX) compiled.delete(compiled.keys().next().value!);
    compiled.set(source, regex);
  }
  return regex;
}

/** The first rule (in the order given) whose conditions all hold decides; a rule without conditions matches all. */
export function routeAlert(
  rules: readonly AlertRule[],
  alert: RoutableAlert,
  fallback: SourceDefault,
): RoutingDecision {
  for (const rule of rules) {
    if (!rule.conditions.every((condition) => conditionHolds(condition, alert))) continue;
    if (rule.action.type === 'drop') return { kind: 'drop', ruleId: rule.id, teamId: rule.teamId };
    return {
      kind: 'route',
      ruleId: rule.id,
      teamId: rule.teamId,
      escalationPolicyId: rule.action.escalationPolicyId,
      priority: rule.action.priority ?? alert.priority,
    };
  }
  return { kind: 'default', ...fallback, priority: alert.priority };
}

/**
 * The field messages of a rule's conditions, keyed `conditions[i].field` etc.; empty when they are valid. One
 * source for the API's 400 and the editor's inline errors.
 */
export function conditionErrors(conditions: unknown): Record<string, string[]> {
  if (!Array.isArray(conditions)) return { conditions: ['conditions must be a list'] };
  if (conditions.length > RULE_CONDITIONS_MAX) {
    return { conditions: [`conditions must hold at most ${RULE_CONDITIONS_MAX} conditions`] };
  }
  const errors: Record<string, string[]> = {};
  conditions.forEach((condition: Partial<RuleCondition> | null, i) => {
    const at = `conditions[${i}]`;
    if (typeof condition !== 'object' || condition === null) {
      errors[at] = [`${at} must be an object with field, operator and value`];
      return;
    }
    const { field, operator, value } = condition;
    if (typeof field !== 'string' || !((FIELDS as readonly string[]).includes(field) || LABEL_FIELD.test(field))) {
      errors[`${at}.field`] = [`${at}.field must be source, summary, priority or labels.<name>`];
    }
    if (typeof operator !== 'string' || !(CONDITION_OPERATORS as readonly string[]).includes(operator)) {
      errors[`${at}.operator`] = [FIELD_MESSAGES.oneOf(`${at}.operator`, CONDITION_OPERATORS)];
      return;
    }
    if (operator === 'exists') return;
    if (typeof value !== 'string' || value === '') {
      errors[`${at}.value`] = [FIELD_MESSAGES.required(`${at}.value`)];
    } else if (value.length > PATTERN_MAX_LENGTH) {
      errors[`${at}.value`] = [FIELD_MESSAGES.maxLength(`${at}.value`, PATTERN_MAX_LENGTH)];
    } else if (operator === 'matches' && !compiles(value)) {
      errors[`${at}.value`] = [
        `${at}.value must be a valid regular expression (RE2 syntax: no look-arounds or back-references)`,
      ];
    } else if (
      field === 'priority' &&
      operator === 'equals' &&
      !(PRIORITIES as readonly string[]).includes(value.toUpperCase())
    ) {
      errors[`${at}.value`] = [FIELD_MESSAGES.oneOf(`${at}.value`, PRIORITIES)];
    }
  });
  return errors;
}

function compiles(pattern: string): boolean {
  try {
    RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
    return true;
  } catch {
    return false;
  }
}
