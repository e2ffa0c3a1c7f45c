import { createHash, timingSafeEqual } from 'node:crypto';

/** The credential of an `Authorization: Bearer <credential>` header (the scheme in any case), else undefined. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A presented secret against the expected one, compared as digests: in constant time, whatever their lengths. */
export const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(digest(given), digest(expected));

/** A stored hash against the hash of what was presented, in constant time (false when none is stored). */
export const sameHash = (stored: unknown, presented: string): boolean =>
  typeof stored === 'string' && sameSecret(presented, stored);
