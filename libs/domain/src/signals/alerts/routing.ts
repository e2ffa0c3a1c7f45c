import type { RE2JS } from 're2js';
import type { Priority } from '../../notification-policy/constants';
import { ownValue } from '../../shared/own';
import { patternFinds } from './pattern';
import { patternCache } from './pattern-cache';

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

/** The alert's value for a condition's field (`source`, `summary`, `priority`, `labels.<name>`), if it has one. */
export function alertFieldValue(alert: RoutableAlert, field: string): string | undefined {
  if (field === 'source') return alert.sourceId;
  if (field === 'summary') return alert.summary;
  if (field === 'priority') return alert.priority;
  if (field.startsWith('labels.')) {
    const name = field.slice('labels.'.length);
    return ownValue(alert.labels, name);
  }
  return undefined;
}

/** The organization's compiled patterns: `patternsOf(orgId)` for routing, a plain compile in tests. */
export type PatternLookup = (source: string) => RE2JS | null;
export const patternsOf =
  (orgId: string): PatternLookup =>
  (source) =>
    patternCache.get(orgId, source);

/**
 * Whether one condition holds. Text comparisons ignore case: monitoring tools disagree on it. A pattern refused
 * since its rule was saved (a limit came later) matches nothing.
 */
export function conditionHolds(condition: RuleCondition, alert: RoutableAlert, patterns: PatternLookup): boolean {
  const actual = alertFieldValue(alert, condition.field);
  if (condition.operator === 'exists') return actual !== undefined && actual !== '';
  if (actual === undefined) return false;
  const expected = condition.value ?? '';
  switch (condition.operator) {
    case 'equals':
      return actual.toLowerCase() === expected.toLowerCase();
    case 'contains':
      return actual.toLowerCase().includes(expected.toLowerCase());
    case 'matches': {
      const regex = patterns(expected);
      return regex !== null && patternFinds(regex, actual);
    }
  }
}

/**
 * The first rule (in the order given) whose conditions all hold decides; a rule without conditions matches all.
 * A generator that pauses after each pattern it ran, so a caller can let other work through between them
 * (`routeAlert` runs it to the end at once).
 */
export function* routeAlertSteps(
  rules: readonly AlertRule[],
  alert: RoutableAlert,
  fallback: SourceDefault,
  patterns: PatternLookup,
): Generator<void, RoutingDecision> {
  const rule = yield* firstMatchSteps(rules, alert, patterns);
  if (rule) {
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
 * The first of `rules` (routing's, grouping's) whose conditions all hold, or null; a rule without conditions
 * matches all. Pauses after each pattern it ran.
 */
export function* firstMatchSteps<Rule extends { conditions: readonly RuleCondition[] }>(
  rules: readonly Rule[],
  alert: RoutableAlert,
  patterns: PatternLookup,
): Generator<void, Rule | null> {
  for (const rule of rules) {
    let holds = true;
    for (const condition of rule.conditions) {
      holds = conditionHolds(condition, alert, patterns);
      if (condition.operator === 'matches') yield;
      if (!holds) break;
    }
    if (holds) return rule;
  }
  return null;
}

export function routeAlert(
  rules: readonly AlertRule[],
  alert: RoutableAlert,
  fallback: SourceDefault,
  patterns: PatternLookup,
): RoutingDecision {
  const steps = routeAlertSteps(rules, alert, fallback, patterns);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
