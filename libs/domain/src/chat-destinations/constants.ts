import { FIELD_MESSAGES, WEBHOOK_URL_MAX_LENGTH } from '../shared/field-rules';
import { PHONE_CODES_PER_HOUR } from '../phones/constants';

/**
 * A person's Slack and Microsoft Teams destinations (issue 20, "Every channel a user can choose can be reached"):
 * an incoming-webhook URL each, verified as a phone is, by a 6-digit code the webhook posts that the person types
 * back (the phone's code rules: 10 minutes, 5 wrong tries, 5 codes an hour). The bounds are ours.
 */
export const CHAT_DESTINATION_KINDS = ['slack', 'microsoft_teams'] as const;
export type ChatDestinationKind = (typeof CHAT_DESTINATION_KINDS)[number];
export const isChatDestinationKind = (value: unknown): value is ChatDestinationKind =>
  typeof value === 'string' && (CHAT_DESTINATION_KINDS as readonly string[]).includes(value);

export const MAX_CHAT_DESTINATIONS_PER_USER = 10;
export const CHAT_DESTINATION_NAME_MAX_LENGTH = 80;

export const CHAT_DESTINATION_MESSAGES = {
  kind: FIELD_MESSAGES.oneOf('type', CHAT_DESTINATION_KINDS),
  urlRequired: 'Webhook URL is required',
  urlInvalid: 'Webhook URL must be a valid URL',
  urlHttps: 'Webhook URL must start with https://',
  urlCredentials: 'Webhook URL must not hold a user name or password',
  urlTooLong: FIELD_MESSAGES.maxLength('url', WEBHOOK_URL_MAX_LENGTH),
  name: FIELD_MESSAGES.maxLength('name', CHAT_DESTINATION_NAME_MAX_LENGTH),
  alreadyAdded: 'This webhook is already added',
  tooMany: `You can keep at most ${MAX_CHAT_DESTINATIONS_PER_USER} chat destinations`,
  tooManyCodes: `Too many codes were sent to this destination (${PHONE_CODES_PER_HOUR} an hour). Try again in an hour.`,
  alreadyVerified: 'This destination is already verified',
  notFound: 'Destination not found',
} as const;

/**
 * What is wrong with a webhook URL as typed, before anything is called: an absolute http(s) URL (https only where
 * `requireHttps`, in production: the URL is the webhook's secret), no credentials, at most 2,048 characters.
 * Whether its host may be called (not a private address) is the egress guard's to say, after DNS resolution.
 */
export function webhookUrlProblem(value: unknown, requireHttps: boolean): string | null {
  if (value === undefined || value === null || value === '') return CHAT_DESTINATION_MESSAGES.urlRequired;
  if (typeof value !== 'string') return CHAT_DESTINATION_MESSAGES.urlInvalid;
  if (value.length > WEBHOOK_URL_MAX_LENGTH) return CHAT_DESTINATION_MESSAGES.urlTooLong;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return CHAT_DESTINATION_MESSAGES.urlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return CHAT_DESTINATION_MESSAGES.urlHttps;
  if (requireHttps && url.protocol !== 'https:') return CHAT_DESTINATION_MESSAGES.urlHttps;
  if (url.username || url.password) return CHAT_DESTINATION_MESSAGES.urlCredentials;
  if (!url.hostname || /\s/.test(value)) return CHAT_DESTINATION_MESSAGES.urlInvalid;
  return null;
}

/** A webhook URL as it may be shown: its host and the last 4 characters, never the secret path (`hooks.slack.com …a1b2`). */
export function maskWebhookUrl(value: string): string {
  const url = new URL(value);
  return `${url.host} …${(url.pathname + url.search).slice(-4)}`;
}
