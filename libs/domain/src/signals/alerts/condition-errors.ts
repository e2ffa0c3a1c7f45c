import { PRIORITIES } from '../../notification-policy/constants';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import { compilePattern, PATTERN_PROGRAM_MAX, type PatternProblem } from './pattern';
import { CONDITION_OPERATORS, type RuleCondition } from './routing';

/** A pattern longer than this is refused: `matches` runs on every alert, and long patterns are where slow ones hide. */
export const PATTERN_MAX_LENGTH = 200;
export const RULE_CONDITIONS_MAX = 20;
/** Why a pattern is refused, in the field rules' words. */
export const PATTERN_MESSAGES: Record<PatternProblem, (field: string) => string> = {
  invalid: (field) => `${field} must be a valid regular expression (RE2 syntax: no look-arounds or back-references)`,
  too_complex: (field) =>
    `${field} is too complex a pattern: it must compile to at most ${PATTERN_PROGRAM_MAX} steps ` +
    '(write + or * rather than large counts such as {1,200})',
};
const LABEL_FIELD = /^labels\.[A-Za-z_][A-Za-z0-9_.-]{0,99}$/;
const FIELDS = ['source', 'summary', 'priority'] as const;

/** The wording of the conditions' own rules, `at` naming the field as the request does (`conditions[0].field`). */
export const CONDITION_MESSAGES = {
  list: (at: string) => `${at} must be a list`,
  max: (at: string) => `${at} must hold at most ${RULE_CONDITIONS_MAX} conditions`,
  condition: (at: string) => `${at} must be an object with field, operator and value`,
  field: (at: string) => `${at} must be source, summary, priority or labels.<name>`,
  operator: (at: string) => FIELD_MESSAGES.oneOf(at, CONDITION_OPERATORS),
  priority: (at: string) => FIELD_MESSAGES.oneOf(at, PRIORITIES),
} as const;

/** Whether a condition may name `field`: source, summary, priority or a label. */
export const isConditionField = (field: unknown): boolean =>
  typeof field === 'string' && ((FIELDS as readonly string[]).includes(field) || LABEL_FIELD.test(field));

/** Whether `value` is one a condition on the alert's priority can equal (case aside). */
export const isPriorityValue = (value: string): boolean =>
  (PRIORITIES as readonly string[]).includes(value.toUpperCase());

/**
 * The field messages of a rule's conditions, keyed `conditions[i].field` etc.; empty when they are valid. One
 * source for the API's 400 and the editor's inline errors.
 */
export function conditionErrors(conditions: unknown): Record<string, string[]> {
  if (!Array.isArray(conditions)) return { conditions: [CONDITION_MESSAGES.list('conditions')] };
  if (conditions.length > RULE_CONDITIONS_MAX) return { conditions: [CONDITION_MESSAGES.max('conditions')] };
  const errors: Record<string, string[]> = {};
  conditions.forEach((condition: Partial<RuleCondition> | null, i) => {
    const at = `conditions[${i}]`;
    if (typeof condition !== 'object' || condition === null) {
      errors[at] = [CONDITION_MESSAGES.condition(at)];
      return;
    }
    const { field, operator, value } = condition;
    if (!isConditionField(field)) errors[`${at}.field`] = [CONDITION_MESSAGES.field(`${at}.field`)];
    if (typeof operator !== 'string' || !(CONDITION_OPERATORS as readonly string[]).includes(operator)) {
      errors[`${at}.operator`] = [CONDITION_MESSAGES.operator(`${at}.operator`)];
      return;
    }
    if (operator === 'exists') return;
    if (typeof value !== 'string' || value === '') {
      errors[`${at}.value`] = [FIELD_MESSAGES.required(`${at}.value`)];
    } else if (value.length > PATTERN_MAX_LENGTH) {
      errors[`${at}.value`] = [FIELD_MESSAGES.maxLength(`${at}.value`, PATTERN_MAX_LENGTH)];
    } else if (operator === 'matches') {
      const problem = compilePattern(value);
      if (typeof problem === 'string') errors[`${at}.value`] = [PATTERN_MESSAGES[problem](`${at}.value`)];
    } else if (field === 'priority' && operator === 'equals' && !isPriorityValue(value)) {
      errors[`${at}.value`] = [CONDITION_MESSAGES.priority(`${at}.value`)];
    }
  });
  return errors;
}
