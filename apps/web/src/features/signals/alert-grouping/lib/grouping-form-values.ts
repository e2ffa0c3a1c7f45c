import * as yup from 'yup';
import type { GroupingRuleRequest, GroupingRuleResource } from '@tocsin/contracts';
import {
  displayDuration,
  durationMinutes,
  formatDuration,
  GROUPING_FIELDS_MAX,
  GROUPING_RULE_NAME_MAX_LENGTH,
  GROUPING_WINDOW_MAX_MINUTES,
  GROUPING_WINDOW_MIN_MINUTES,
  isConditionField,
} from '@tocsin/domain';
import { conditionRows, conditionsRequest, type ConditionRow } from '../../shared/lib/conditions';

/** The decider's window bounds, said as the web shows durations (the form takes minutes). */
export const WINDOW_MESSAGE = `Window must be whole minutes, from ${displayDuration(GROUPING_WINDOW_MIN_MINUTES * 60)} to ${displayDuration(GROUPING_WINDOW_MAX_MINUTES * 60)}`;
export const FIELDS_MESSAGE = `Choose 1 to ${GROUPING_FIELDS_MAX} fields: source, summary, priority or labels.<name>`;
/** What a person picks from; any `labels.<name>` may be typed. */
export const SUGGESTED_FIELDS = ['source', 'summary', 'priority', 'labels.service', 'labels.host', 'labels.alertname'];

export const groupingSchema = yup.object({
  name: yup.string().label('name').trim().required().max(GROUPING_RULE_NAME_MAX_LENGTH),
  team_id: yup.string().label('team_id').required(),
  // each row's messages are the domain's (conditionFormErrors), which the form's resolver adds
  conditions: yup.array(yup.mixed<ConditionRow>().required()).required(),
  fields: yup
    .array(yup.string().required())
    .required(FIELDS_MESSAGE)
    .min(1, FIELDS_MESSAGE)
    .max(GROUPING_FIELDS_MAX, FIELDS_MESSAGE)
    .test('fields', FIELDS_MESSAGE, (fields) => (fields ?? []).every((field) => isConditionField(field))),
  window_minutes: yup
    .number()
    .typeError(WINDOW_MESSAGE)
    .required(WINDOW_MESSAGE)
    .integer(WINDOW_MESSAGE)
    .min(GROUPING_WINDOW_MIN_MINUTES, WINDOW_MESSAGE)
    .max(GROUPING_WINDOW_MAX_MINUTES, WINDOW_MESSAGE),
});

export type GroupingFormValues = yup.InferType<typeof groupingSchema>;

export const groupingFormValues = (rule?: GroupingRuleResource): GroupingFormValues => ({
  name: rule?.name ?? '',
  team_id: rule?.team_id ?? '',
  conditions: conditionRows(rule?.conditions ?? []),
  fields: rule?.fields ?? ['summary'],
  window_minutes: rule ? (durationMinutes(rule.window) ?? 10) : 10,
});

/** The request, the window as the API's ISO-8601 text and the conditions as the API names them. */
export const groupingRequest = (values: GroupingFormValues): GroupingRuleRequest => ({
  team_id: values.team_id,
  name: values.name.trim(),
  conditions: conditionsRequest(values.conditions),
  fields: values.fields,
  window: formatDuration(values.window_minutes * 60),
});
