import { hmacSha256 } from '../../shared/hmac-sha256';
import { ownValue } from '../../shared/own';

/**
 * What an SMS names so a reply can say which alert it means: 6 characters from an alphabet without the look-alikes
 * (0/O, 1/I/L, U/V), read aloud or typed on a phone keyboard. Derived from the alert and its episode, keyed with a
 * server secret (HMAC-SHA256 with ACTION_LINK_SECRET, under its own label), so every process computes the same code,
 * a re-triggered alert gets a new one, and knowing an alert's id (any viewer does) does not tell its code. 29^6
 * (about 595 million) codes: the reply endpoint looks a code up among the alerts the replying number was paged for,
 * where a clash is negligible.
 */
export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const SHORT_CODE_LENGTH = 6;

export function alertShortCode(alertId: string, episode: number, secret: string): string {
  const digest = hmacSha256(secret, `tocsin-sms-reply-code.${alertId}#${episode}`);
  // 48 bits -> 6 characters; the bias of 2^48 mod 29^6 is far below anything a person could notice
  let value = 0;
  for (let i = 0; i < 6; i++) value = value * 256 + digest[i];
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) {
    code += SHORT_CODE_ALPHABET[value % SHORT_CODE_ALPHABET.length];
    value = Math.floor(value / SHORT_CODE_ALPHABET.length);
  }
  return code;
}

export type SmsReply = { action: 'acknowledge' | 'resolve'; code: string };

const VERBS: Record<string, SmsReply['action']> = {
  ACK: 'acknowledge',
  ACKNOWLEDGE: 'acknowledge',
  RES: 'resolve',
  RESOLVE: 'resolve',
};

/**
 * Reads an SMS reply: a verb and a code, in any case, with any spaces or punctuation around them ("ACK 4KX9QZ",
 * "ack 4kx9qz.", "Resolve  4KX9QZ"). Verbs: ACK / ACKNOWLEDGE, RES / RESOLVE. A bare "1" or "2" is deliberately
 * not understood: it names no alert, and a person paged for two alerts must not acknowledge the wrong one. A code
 * outside the alphabet (a typed O or I) is not corrected: the reply is refused and the sender is told the format.
 * Null when the text is not a reply we understand.
 */
export function parseSmsReply(text: string): SmsReply | null {
  if (typeof text !== 'string' || text.length > 160) return null;
  const words = text
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  if (words.length !== 2) return null;
  const [verb, code] = words;
  const action = ownValue(VERBS, verb);
  if (!action || code.length !== SHORT_CODE_LENGTH) return null;
  if ([...code].some((char) => !SHORT_CODE_ALPHABET.includes(char))) return null;
  return { action, code };
}

/** The line an SMS ends with, so the reply format is never a guess. */
export const smsReplyHint = (code: string) => `Reply ACK ${code} to acknowledge, RES ${code} to resolve.`;
