import { maskWebhookUrl, webhookUrlProblem } from '../../chat-destinations/constants';
import { durationMinutes } from '../../shared/duration';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import { TEAM_NOT_FOUND_MESSAGE } from '../event-sources/routed-settings';

export const SELF_TEST_INTERVAL_MIN_MINUTES = 1;
export const SELF_TEST_INTERVAL_MAX_MINUTES = 24 * 60;

export const SELF_TEST_MESSAGES = {
  interval: FIELD_MESSAGES.minutes('interval', 'PT1M', 'PT24H'),
  enabled: FIELD_MESSAGES.boolean('enabled'),
  team: TEAM_NOT_FOUND_MESSAGE,
  policy: "escalation_policy_id must be an escalation policy of the self-test's team",
  heartbeatUrl: 'heartbeat_url must be an http or https URL without credentials',
} as const;

/** The interval in minutes, or null when it is not whole minutes within PT1M..PT24H. */
export function selfTestIntervalMinutes(value: unknown): number | null {
  const minutes = durationMinutes(value);
  if (minutes === null || minutes < SELF_TEST_INTERVAL_MIN_MINUTES || minutes > SELF_TEST_INTERVAL_MAX_MINUTES)
    return null;
  return minutes;
}

/** What is wrong with a heartbeat URL as typed (null: nothing, or none given). */
export function selfTestHeartbeatProblem(value: unknown, requireHttps: boolean): string | null {
  if (value === undefined || value === null || value === '') return null;
  return webhookUrlProblem(value, requireHttps) ? SELF_TEST_MESSAGES.heartbeatUrl : null;
}

/** A URL as it may be shown: its host and last 4 characters. */
export const selfTestUrlHint = (value: string) => maskWebhookUrl(value);

/** An ingest token as it may be shown: its last 4 characters (as the source's page shows it). */
export const selfTestTokenHint = (token: string) => `…${token.slice(-4)}`;
