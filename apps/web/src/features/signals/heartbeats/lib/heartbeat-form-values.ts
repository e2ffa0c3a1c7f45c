import * as yup from 'yup';
import type { HeartbeatRequest } from '@tocsin/contracts';
import {
  DEFAULT_HEARTBEAT_GRACE_MINUTES,
  displayDuration,
  formatDuration,
  HEARTBEAT_GRACE_MAX_MINUTES,
  HEARTBEAT_INTERVAL_MAX_MINUTES,
  HEARTBEAT_INTERVAL_MIN_MINUTES,
  HEARTBEAT_NAME_MAX_LENGTH,
} from '@tocsin/domain';

/** The decider's bounds for fields typed in minutes rather than the API's ISO-8601 text, as the web shows durations. */
export const INTERVAL_MESSAGE = `Interval must be whole minutes, from ${displayDuration(HEARTBEAT_INTERVAL_MIN_MINUTES * 60)} to ${displayDuration(HEARTBEAT_INTERVAL_MAX_MINUTES * 60)}`;
export const GRACE_MESSAGE = `Grace period must be whole minutes, from 0 to ${displayDuration(HEARTBEAT_GRACE_MAX_MINUTES * 60)}`;

export const heartbeatSchema = yup.object({
  name: yup.string().label('name').trim().required().max(HEARTBEAT_NAME_MAX_LENGTH),
  team_id: yup.string().label('team_id').required(),
  escalation_policy_id: yup.string().nullable().defined(),
  interval_minutes: yup
    .number()
    .typeError(INTERVAL_MESSAGE)
    .required(INTERVAL_MESSAGE)
    .integer(INTERVAL_MESSAGE)
    .min(HEARTBEAT_INTERVAL_MIN_MINUTES, INTERVAL_MESSAGE)
    .max(HEARTBEAT_INTERVAL_MAX_MINUTES, INTERVAL_MESSAGE),
  grace_minutes: yup
    .number()
    .typeError(GRACE_MESSAGE)
    .required(GRACE_MESSAGE)
    .integer(GRACE_MESSAGE)
    .min(0, GRACE_MESSAGE)
    .max(HEARTBEAT_GRACE_MAX_MINUTES, GRACE_MESSAGE),
});
export type HeartbeatFormValues = yup.InferType<typeof heartbeatSchema>;

export const heartbeatFormValues = (): HeartbeatFormValues => ({
  name: '',
  team_id: '',
  escalation_policy_id: null,
  interval_minutes: 5,
  grace_minutes: DEFAULT_HEARTBEAT_GRACE_MINUTES,
});

/** The API's request: minutes become ISO-8601 durations. */
export const heartbeatRequest = (values: HeartbeatFormValues): HeartbeatRequest => ({
  name: values.name,
  team_id: values.team_id,
  escalation_policy_id: values.escalation_policy_id ?? null,
  interval: formatDuration(values.interval_minutes * 60),
  grace_period: formatDuration(values.grace_minutes * 60),
});

/** Ready-to-paste ways to ping: curl by hand or from cron, and a job that pings only when it succeeded. */
export const pingSnippets = (url: string) => [
  { id: 'curl', title: 'curl', code: `curl -fsS -m 10 --retry 3 ${url}` },
  { id: 'post', title: 'curl (POST)', code: `curl -fsS -m 10 -X POST ${url}` },
  {
    id: 'cron',
    title: 'cron',
    code: `*/5 * * * * /usr/local/bin/backup.sh && curl -fsS -m 10 --retry 3 ${url} > /dev/null`,
  },
];
