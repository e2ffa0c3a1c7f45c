import { conditionErrors, isConditionField } from '../alerts/condition-errors';
import type { RuleCondition } from '../alerts/routing';
import { durationMinutes } from '../../shared/duration';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import type { GroupingRule, GroupingRuleFields } from './rules';

export const GROUPING_RULE_NAME_MAX_LENGTH = 100;
/** Rules run on every alert of the team that routing kept: a bound keeps that cheap and the list readable. */
export const TEAM_GROUPING_RULES_MAX = 20;
export const GROUPING_FIELDS_MAX = 5;
/** The window's bounds, in minutes: a minute at least, a day at most (a group open longer hides new trouble). */
export const GROUPING_WINDOW_MIN_MINUTES = 1;
export const GROUPING_WINDOW_MAX_MINUTES = 24 * 60;

export const GROUPING_MESSAGES = {
  fields: (at: string) => `${at} must be a list of 1 to ${GROUPING_FIELDS_MAX} fields`,
  field: (at: string) => `${at} must be source, summary, priority or labels.<name>`,
  eachField: (at: string) => `each of ${at} must be source, summary, priority or labels.<name>`,
  repeated: (at: string) => `${at} names a field already in the list`,
  window: (at: string) => FIELD_MESSAGES.minutes(at, 'PT1M', 'PT24H'),
} as const;

/** The field messages of a grouping rule, keyed as the API names them (`fields[0]`, `conditions[0].value`). */
export function groupingRuleErrors(fields: Record<keyof GroupingRuleFields, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const { name, conditions, fields: keyFields, window } = fields;
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (!trimmed) errors.name = [FIELD_MESSAGES.required('name')];
  else if (trimmed.length > GROUPING_RULE_NAME_MAX_LENGTH)
    errors.name = [FIELD_MESSAGES.maxLength('name', GROUPING_RULE_NAME_MAX_LENGTH)];
  if (conditions !== undefined && conditions !== null) Object.assign(errors, conditionErrors(conditions));
  if (!Array.isArray(keyFields) || keyFields.length === 0 || keyFields.length > GROUPING_FIELDS_MAX) {
    errors.fields = [GROUPING_MESSAGES.fields('fields')];
  } else {
    keyFields.forEach((field: unknown, i) => {
      if (!isConditionField(field)) errors[`fields[${i}]`] = [GROUPING_MESSAGES.field(`fields[${i}]`)];
      else if (keyFields.indexOf(field) < i) errors[`fields[${i}]`] = [GROUPING_MESSAGES.repeated(`fields[${i}]`)];
    });
  }
  const minutes = durationMinutes(window);
  if (minutes === null || minutes < GROUPING_WINDOW_MIN_MINUTES || minutes > GROUPING_WINDOW_MAX_MINUTES)
    errors.window = [GROUPING_MESSAGES.window('window')];
  return errors;
}

/** The rule as stored: name trimmed, conditions with only their own fields. */
export function normalisedGroupingRule(id: string, teamId: string, fields: GroupingRuleFields): GroupingRule {
  const conditions: RuleCondition[] = (fields.conditions ?? []).map(({ field, operator, value }) =>
    operator === 'exists' ? { field, operator } : { field, operator, value },
  );
  return { id, teamId, name: fields.name.trim(), conditions, fields: [...fields.fields], window: fields.window };
}
