import * as yup from 'yup';
import type { SelfTestChannelKind, SelfTestRequest, SelfTestResponse } from '@tocsin/contracts';
import {
  displayDuration,
  durationMinutes,
  formatDuration,
  SELF_TEST_CHANNELS,
  SELF_TEST_INTERVAL_MAX_MINUTES,
  SELF_TEST_INTERVAL_MIN_MINUTES,
} from '@tocsin/domain';

/** The decider's bounds, for an interval typed in minutes rather than the API's ISO-8601 text. */
export const SELF_TEST_INTERVAL_MESSAGE = `Interval must be whole minutes, from ${displayDuration(SELF_TEST_INTERVAL_MIN_MINUTES * 60)} to ${displayDuration(SELF_TEST_INTERVAL_MAX_MINUTES * 60)}`;

/** The addresses are shown as hints only: empty keeps the one set (the API's rule). */
export const selfTestSchema = yup.object({
  enabled: yup.boolean().required(),
  interval_minutes: yup
    .number()
    .typeError(SELF_TEST_INTERVAL_MESSAGE)
    .required(SELF_TEST_INTERVAL_MESSAGE)
    .integer(SELF_TEST_INTERVAL_MESSAGE)
    .min(SELF_TEST_INTERVAL_MIN_MINUTES, SELF_TEST_INTERVAL_MESSAGE)
    .max(SELF_TEST_INTERVAL_MAX_MINUTES, SELF_TEST_INTERVAL_MESSAGE),
  channel: yup.string<SelfTestChannelKind>().oneOf(SELF_TEST_CHANNELS).required(),
  destination: yup.string().label('destination').trim().defined(),
  heartbeat_url: yup.string().label('heartbeat_url').trim().defined(),
  remove_heartbeat: yup.boolean().required(),
});
export type SelfTestFormValues = yup.InferType<typeof selfTestSchema>;

export const selfTestFormValues = (settings: SelfTestResponse['data']['settings']): SelfTestFormValues => ({
  enabled: settings?.enabled ?? true,
  interval_minutes: (settings && durationMinutes(settings.interval)) ?? 5,
  channel: settings?.channel ?? 'email',
  destination: '',
  heartbeat_url: '',
  remove_heartbeat: false,
});

export const selfTestRequest = (values: SelfTestFormValues): SelfTestRequest => ({
  enabled: values.enabled,
  interval: formatDuration(values.interval_minutes * 60),
  channel: values.channel,
  ...(values.destination && { destination: values.destination }),
  ...(values.remove_heartbeat
    ? { heartbeat_url: null }
    : values.heartbeat_url && { heartbeat_url: values.heartbeat_url }),
});
