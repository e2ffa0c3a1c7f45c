import * as yup from 'yup';
import type { SelfTestRequest, SelfTestResponse } from '@tocsin/contracts';
import {
  displayDuration,
  durationMinutes,
  formatDuration,
  SELF_TEST_INTERVAL_MAX_MINUTES,
  SELF_TEST_INTERVAL_MIN_MINUTES,
} from '@tocsin/domain';

/** The decider's bounds, for an interval typed in minutes rather than the API's ISO-8601 text. */
export const SELF_TEST_INTERVAL_MESSAGE = `Interval must be whole minutes, from ${displayDuration(SELF_TEST_INTERVAL_MIN_MINUTES * 60)} to ${displayDuration(SELF_TEST_INTERVAL_MAX_MINUTES * 60)}`;
export const SELF_TEST_TEAM_MESSAGE = 'Choose the team the test alerts go to';
export const SELF_TEST_POLICY_MESSAGE = 'Choose the escalation policy that pages the test destination';

/** The heartbeat URL is shown as a hint only: empty keeps the one set (the API's rule). */
export const selfTestSchema = yup.object({
  enabled: yup.boolean().required(),
  interval_minutes: yup
    .number()
    .typeError(SELF_TEST_INTERVAL_MESSAGE)
    .required(SELF_TEST_INTERVAL_MESSAGE)
    .integer(SELF_TEST_INTERVAL_MESSAGE)
    .min(SELF_TEST_INTERVAL_MIN_MINUTES, SELF_TEST_INTERVAL_MESSAGE)
    .max(SELF_TEST_INTERVAL_MAX_MINUTES, SELF_TEST_INTERVAL_MESSAGE),
  team_id: yup.string().required(SELF_TEST_TEAM_MESSAGE),
  escalation_policy_id: yup.string().nullable().defined().required(SELF_TEST_POLICY_MESSAGE),
  heartbeat_url: yup.string().label('heartbeat_url').trim().defined(),
  remove_heartbeat: yup.boolean().required(),
});
export type SelfTestFormValues = yup.InferType<typeof selfTestSchema>;

export const selfTestFormValues = (settings: SelfTestResponse['data']['settings']): SelfTestFormValues => ({
  enabled: settings?.enabled ?? true,
  interval_minutes: (settings && durationMinutes(settings.interval)) ?? 5,
  team_id: settings?.team_id ?? '',
  escalation_policy_id: settings?.escalation_policy_id ?? (null as unknown as string),
  heartbeat_url: '',
  remove_heartbeat: false,
});

export const selfTestRequest = (values: SelfTestFormValues): SelfTestRequest => ({
  enabled: values.enabled,
  interval: formatDuration(values.interval_minutes * 60),
  team_id: values.team_id,
  escalation_policy_id: values.escalation_policy_id,
  ...(values.remove_heartbeat
    ? { heartbeat_url: null }
    : values.heartbeat_url && { heartbeat_url: values.heartbeat_url }),
});
