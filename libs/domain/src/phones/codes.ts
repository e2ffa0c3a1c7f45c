import { PHONE_CODE_MAX_WRONG_ATTEMPTS, PHONE_CODES_PER_HOUR, PHONE_MESSAGES } from './constants';
import { VerificationRefused } from './refusal';

const HOUR_MS = 3_600_000;

/** The one code that can verify a destination (a phone, a chat webhook): a new code replaces it. */
export interface PendingCode {
  salt: string;
  codeHash: string;
  expiresAt: string;
  failures: number;
}

/** A code sent at `sentAt` is refused past the hourly limit (the first one included): `message` says why. */
export function refuseTooManyCodes(sentBefore: readonly string[], sentAt: string, message: string, field: string) {
  const since = Date.parse(sentAt) - HOUR_MS;
  if (sentBefore.filter((at) => Date.parse(at) > since).length >= PHONE_CODES_PER_HOUR)
    throw new VerificationRefused('too_many_sends', message, field);
}

/** Whether `codeHash` is the pending code's; refused when there is none to judge (voided by wrong tries, expired). */
export function isPendingCode(code: PendingCode | null, codeHash: string, now: string): boolean {
  if (!code || code.failures >= PHONE_CODE_MAX_WRONG_ATTEMPTS)
    throw new VerificationRefused('exhausted', PHONE_MESSAGES.tooManyWrongCodes, 'code');
  if (Date.parse(now) >= Date.parse(code.expiresAt))
    throw new VerificationRefused('expired', PHONE_MESSAGES.codeExpired, 'code');
  return codeHash === code.codeHash;
}
