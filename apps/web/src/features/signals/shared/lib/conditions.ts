import type { AlertRuleConditionBody } from '@tocsin/contracts';
import { conditionErrors, type ConditionOperator } from '@tocsin/domain';
import type { FieldErrors } from 'react-hook-form';
import { formErrors, shownMessage } from './field-errors';

/**
 * The conditions an alert rule and a grouping rule share (all must hold), as their editors hold them: a label's
 * name apart from its field, so a person picks "Label" and types `service` rather than `labels.service`.
 */
export type ConditionFieldKind = 'source' | 'summary' | 'priority' | 'label';

export interface ConditionRow {
  field: ConditionFieldKind;
  label: string;
  operator: ConditionOperator;
  value: string;
}

/** What "Add condition" adds. */
export const newConditionRow = (label = ''): ConditionRow => ({ field: 'label', label, operator: 'equals', value: '' });

/** The conditions as the API names them (`labels.<name>`; no value for `exists`). */
export function conditionsRequest(rows: ConditionRow[]): AlertRuleConditionBody[] {
  return rows.map(({ field, label, operator, value }) => ({
    field: field === 'label' ? `labels.${label.trim()}` : field,
    operator,
    ...(operator === 'exists' ? {} : { value }),
  }));
}

/** The API's conditions as the editor's rows. */
export function conditionRows(conditions: AlertRuleConditionBody[]): ConditionRow[] {
  return conditions.map(({ field, operator, value }) =>
    field.startsWith('labels.')
      ? { field: 'label', label: field.slice('labels.'.length), operator, value: value ?? '' }
      : { field: field as ConditionFieldKind, label: '', operator, value: value ?? '' },
  );
}

/**
 * Where a message keyed as the API keys it (`conditions[0].field`) shows in the editor: a label condition's
 * field message under its label name, the field the person typed; any other key as it is.
 */
export function conditionShownAt(rows: ConditionRow[] | undefined, key: string): string {
  const field = /^conditions\[(\d+)\]\.field$/.exec(key);
  if (field && rows?.[Number(field[1])]?.field === 'label') return `conditions[${field[1]}].label`;
  return key;
}

/** The domain's condition messages (libs/domain condition-errors) under the rows, before the round trip. */
export function conditionFormErrors<Values extends { conditions: ConditionRow[] }>(
  rows: ConditionRow[],
): FieldErrors<Values> {
  return formErrors<Values>(conditionErrors(conditionsRequest(rows)), (key) => conditionShownAt(rows, key));
}

/**
 * An API field message about the conditions (`conditions[0].value`: `conditions[0].value is a required field`) as
 * the editor shows it: under its row's field (`conditions.0.value`), in the words the row's own check uses
 * (`Value is a required field`); null for a message about another field.
 */
export function conditionServerError(
  rows: ConditionRow[] | undefined,
  key: string,
  message: string,
): { path: string; message: string } | null {
  if (!/^conditions($|\[)/.test(key)) return null;
  return { path: conditionShownAt(rows, key).replace(/\[(\d+)\]/g, '.$1'), message: shownMessage(key, message) };
}

/** One condition as a line reads it: `labels.env equals “prod”`, `source exists`. */
export const describeCondition = ({ field, operator, value }: AlertRuleConditionBody): string =>
  operator === 'exists' || value === undefined ? `${field} ${operator}` : `${field} ${operator} “${value}”`;

/** All of them, joined as they hold (all must): `every alert` when there are none. */
export const describeConditions = (conditions: AlertRuleConditionBody[]): string =>
  conditions.length === 0 ? 'every alert' : conditions.map(describeCondition).join(' and ');
