import { sha256 } from './hmac-sha256';

/**
 * SHA-256 of a text (UTF-8), as lowercase hex. In the domain because ids derived from a hash (an alert's, from
 * its source and dedup key) must read the same in the api, the projector and the web, and the domain imports
 * nothing, not even node:crypto. One implementation (hmac-sha256.ts); checked against node's in sha256.spec.ts.
 */
export function sha256Hex(text: string): string {
  let hex = '';
  for (const byte of sha256(new TextEncoder().encode(text))) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
