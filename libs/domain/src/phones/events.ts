import type { PhoneVerificationMethod } from './constants';

/**
 * A code as it is kept: `codeHash` is SHA-256 of `${salt}:${code}` with a random salt per code, so
 * the log never holds the code itself and equal codes never share a hash.
 */
export interface IssuedPhoneCode {
  salt: string;
  codeHash: string;
  sentAt: string;
  expiresAt: string;
}

export type PhoneAdded = {
  type: 'PhoneAdded';
  data: { phoneId: string; userId: string; number: string; method: PhoneVerificationMethod };
};
export type PhoneVerificationSent = {
  type: 'PhoneVerificationSent';
  data: { phoneId: string; method: PhoneVerificationMethod } & IssuedPhoneCode;
};
/** `attempts`: wrong codes entered against the current code so far. */
export type PhoneVerificationFailed = { type: 'PhoneVerificationFailed'; data: { phoneId: string; attempts: number } };
/** `via: 'consent'`: the simple-verification mode, where opting in verifies the number (SPEC.md section 4). */
export type PhoneVerified = {
  type: 'PhoneVerified';
  data: { phoneId: string; userId: string; via: 'code' | 'consent' };
};
export type PhoneRemoved = { type: 'PhoneRemoved'; data: { phoneId: string; userId: string } };

export type PhoneEvent = PhoneAdded | PhoneVerificationSent | PhoneVerificationFailed | PhoneVerified | PhoneRemoved;

/** One stream per phone number of a person; phones belong to the person, not to an organization. */
export const phoneStream = (phoneId: string) => `phone-${phoneId}`;
