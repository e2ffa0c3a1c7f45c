import { createHash, randomBytes } from 'node:crypto';
import type { EventSourceFormat } from '@tocsin/domain';

/**
 * An ingest token: 32 hex characters (128 random bits), the length PagerDuty's routing keys have, so tools
 * that check the key's length take it. Only its SHA-256 is stored.
 */
export const newIngestToken = () => randomBytes(16).toString('hex');
export const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
export const tokenHintOf = (token: string) => token.slice(-4);
/** A new token with what is kept of it (its hash and hint): event sources' and heartbeats' URLs alike. */
export function issueIngestToken(): { token: string; tokenHash: string; tokenHint: string } {
  const token = newIngestToken();
  return { token, tokenHash: tokenHashOf(token), tokenHint: tokenHintOf(token) };
}
/** An HMAC signing secret, shown once. */
export const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

const SUFFIX: Record<EventSourceFormat, string> = {
  generic: '',
  alertmanager: '/alertmanager',
  pagerduty: '/pagerduty/v2/enqueue',
};

export const ingestUrlOf = (base: string, token: string, format: EventSourceFormat) =>
  `${base}/ingest/${token}${SUFFIX[format]}`;
