import * as yup from 'yup';
import type { EventSource, EventSourceChangeRequest, EventSourceRequest } from '@tocsin/contracts';
import {
  AUTO_RESOLVE_MAX_MINUTES,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  displayDuration,
  formatDuration,
  parseDuration,
  EVENT_SOURCE_NAME_MAX_LENGTH,
  RATE_LIMIT_MAX,
  RATE_LIMIT_MESSAGE,
  RATE_LIMIT_MIN,
  type EventSourceFormat,
} from '@tocsin/domain';
import { FORMAT_LABELS } from './snippets';

export const FORMATS = Object.keys(FORMAT_LABELS) as EventSourceFormat[];
/** What the quiet period starts at when it is turned on: an hour without a repeat. */
const DEFAULT_QUIET_MINUTES = 60;
/**
 * The decider's bounds (AUTO_RESOLVE_MESSAGE) for a field that takes minutes rather than the API's ISO-8601
 * text, said as the web shows durations.
 */
export const QUIET_PERIOD_MESSAGE = `Quiet period must be whole minutes, from ${displayDuration(60)} to ${displayDuration(AUTO_RESOLVE_MAX_MINUTES * 60)}`;

export const sourceSchema = yup.object({
  name: yup.string().label('name').trim().required().max(EVENT_SOURCE_NAME_MAX_LENGTH),
  format: yup.mixed<EventSourceFormat>().label('format').oneOf(FORMATS).required(),
  team_id: yup.string().label('team_id').required(),
  escalation_policy_id: yup.string().nullable().defined(),
  rate_limit_per_minute: yup
    .number()
    .typeError(RATE_LIMIT_MESSAGE)
    .required(RATE_LIMIT_MESSAGE)
    .integer(RATE_LIMIT_MESSAGE)
    .min(RATE_LIMIT_MIN, RATE_LIMIT_MESSAGE)
    .max(RATE_LIMIT_MAX, RATE_LIMIT_MESSAGE),
  signed: yup.boolean().required(),
  auto_resolve: yup.boolean().required(),
  // the decider's bounds and words; checked only while the quiet period is on
  auto_resolve_minutes: yup
    .number()
    .typeError(QUIET_PERIOD_MESSAGE)
    .when('auto_resolve', {
      is: true,
      then: (minutes) =>
        minutes
          .required(QUIET_PERIOD_MESSAGE)
          .integer(QUIET_PERIOD_MESSAGE)
          .min(1, QUIET_PERIOD_MESSAGE)
          .max(AUTO_RESOLVE_MAX_MINUTES, QUIET_PERIOD_MESSAGE),
      otherwise: (minutes) => minutes.notRequired(),
    }),
});
export type SourceFormValues = yup.InferType<typeof sourceSchema>;

/** The form's starting values: a new source's defaults, or the source as it is. */
export function sourceFormValues(source?: EventSource): SourceFormValues {
  return {
    name: source?.name ?? '',
    format: source?.format ?? 'alertmanager',
    team_id: source?.team_id ?? '',
    escalation_policy_id: source?.escalation_policy_id ?? null,
    rate_limit_per_minute: source?.rate_limit_per_minute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    signed: source?.signed ?? false,
    auto_resolve: (source?.auto_resolve_after ?? null) !== null,
    auto_resolve_minutes: source?.auto_resolve_after
      ? (parseDuration(source.auto_resolve_after) ?? 0) / 60
      : DEFAULT_QUIET_MINUTES,
  };
}

/** The settings both creation and a change send (PATCH takes neither the format nor the signature). */
export function sourceSettings(values: SourceFormValues): Required<EventSourceChangeRequest> {
  return {
    name: values.name,
    team_id: values.team_id,
    escalation_policy_id: values.escalation_policy_id || null,
    rate_limit_per_minute: values.rate_limit_per_minute,
    auto_resolve_after:
      values.auto_resolve && values.auto_resolve_minutes != null
        ? formatDuration(values.auto_resolve_minutes * 60)
        : null,
  };
}

export const sourceRequest = (values: SourceFormValues): EventSourceRequest => ({
  ...sourceSettings(values),
  format: values.format,
  signed: values.signed,
});
