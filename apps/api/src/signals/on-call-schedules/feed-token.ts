import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A feed address's secret: 32 URL-safe characters (192 random bits). Only its SHA-256 is kept. */
export const FEED_FILE = /^([A-Za-z0-9_-]{32})\.ics$/;
export const newFeedToken = () => randomBytes(24).toString('base64url');
export const feedTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Constant-time: the stored hash against the hash of what the address holds. */
export function sameHash(stored: string | null | undefined, presented: string): boolean {
  if (typeof stored !== 'string' || stored.length !== presented.length) return false;
  return timingSafeEqual(Buffer.from(stored, 'utf8'), Buffer.from(presented, 'utf8'));
}
