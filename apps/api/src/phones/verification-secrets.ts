import { PHONE_CODE_TTL_MS, type IssuedEmailToken, type IssuedPhoneCode } from '@tocsin/domain';
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** SHA-256 of the code with its own random salt: the log never holds a code, and no two codes share a hash. */
export const hashPhoneCode = (salt: string, code: string) =>
  createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** A fresh 6-digit code (uniform, leading zeros kept) and what the stream keeps of it. */
export function issuePhoneCode(now: number): { code: string; issued: IssuedPhoneCode } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('base64url');
  const issued = {
    salt,
    codeHash: hashPhoneCode(salt, code),
    sentAt: new Date(now).toISOString(),
    expiresAt: new Date(now + PHONE_CODE_TTL_MS).toISOString(),
  };
  return { code, issued };
}

/** The emailed link carries a random token; the stream and the view keep only its SHA-256. */
export const emailTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function issueEmailToken(now: number, ttlMs: number): { token: string; issued: IssuedEmailToken } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    issued: {
      tokenHash: emailTokenHash(token),
      sentAt: new Date(now).toISOString(),
      expiresAt: new Date(now + ttlMs).toISOString(),
    },
  };
}
