import { API_KEY_PREFIX } from '@tocsin/contracts';
import { randomBytes } from 'node:crypto';
import { tokenHashOf, tokenHintOf } from '../signals/event-sources/ingest-token';

/** `tocsin_` and 43 URL-safe characters (32 random bytes). Only its SHA-256 is kept, as the ingest tokens' are. */
export const API_KEY_SECRET = /^tocsin_[A-Za-z0-9_-]{43}$/;
export const apiKeySecretHash = tokenHashOf;

/** A new secret with what is kept of it (its hash and hint). */
export function issueApiKeySecret(): { secret: string; secretHash: string; secretHint: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, secretHash: apiKeySecretHash(secret), secretHint: tokenHintOf(secret) };
}
