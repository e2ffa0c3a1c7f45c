import { maskWebhookUrl, webhookUrlProblem } from '../../chat-destinations/constants';
import { durationMinutes } from '../../shared/duration';
import { EMAIL_MAX_LENGTH, FIELD_MESSAGES } from '../../shared/field-rules';
import { SELF_TEST_CHANNELS, type SelfTestChannel } from './events';

export const SELF_TEST_INTERVAL_MIN_MINUTES = 1;
export const SELF_TEST_INTERVAL_MAX_MINUTES = 24 * 60;

export const SELF_TEST_MESSAGES = {
  interval: FIELD_MESSAGES.minutes('interval', 'PT1M', 'PT24H'),
  channel: FIELD_MESSAGES.oneOf('channel', SELF_TEST_CHANNELS),
  enabled: FIELD_MESSAGES.boolean('enabled'),
  destinationRequired: FIELD_MESSAGES.required('destination'),
  email: FIELD_MESSAGES.email('destination'),
  heartbeatUrl: 'heartbeat_url must be an http or https URL without credentials',
} as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The interval in minutes, or null when it is not whole minutes within PT1M..PT24H. */
export function selfTestIntervalMinutes(value: unknown): number | null {
  const minutes = durationMinutes(value);
  if (minutes === null || minutes < SELF_TEST_INTERVAL_MIN_MINUTES || minutes > SELF_TEST_INTERVAL_MAX_MINUTES)
    return null;
  return minutes;
}

export const isSelfTestChannel = (value: unknown): value is SelfTestChannel =>
  typeof value === 'string' && (SELF_TEST_CHANNELS as readonly string[]).includes(value);

/**
 * What is wrong with a test destination as typed for its channel (null: nothing): an email address for email,
 * an incoming-webhook URL for Slack and Teams (the chat destinations' rule). The egress guard speaks after.
 */
export function selfTestDestinationProblem(channel: unknown, value: unknown, requireHttps: boolean): string | null {
  if (value === undefined || value === null || value === '') return SELF_TEST_MESSAGES.destinationRequired;
  if (channel === 'email') {
    return typeof value === 'string' && value.length <= EMAIL_MAX_LENGTH && EMAIL_SHAPE.test(value)
      ? null
      : SELF_TEST_MESSAGES.email;
  }
  return webhookUrlProblem(value, requireHttps);
}

/** What is wrong with a heartbeat URL as typed (null: nothing, or none given). */
export function selfTestHeartbeatProblem(value: unknown, requireHttps: boolean): string | null {
  if (value === undefined || value === null || value === '') return null;
  return webhookUrlProblem(value, requireHttps) ? SELF_TEST_MESSAGES.heartbeatUrl : null;
}

/** An address as it may be shown: an email address as it is, a URL as its host and last 4 characters. */
export const selfTestAddressHint = (channel: SelfTestChannel | 'heartbeat', value: string) =>
  channel === 'email' ? value : maskWebhookUrl(value);
