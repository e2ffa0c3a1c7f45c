import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The inbound SMS webhook is reached without a session (ARCHITECTURE.md, "Security rules"): a reply is believed
 * only with a valid signature from the provider. These are the two checks; the endpoint (i9-paging) reads the raw
 * form or body, the header, and the URL exactly as the provider called it (PUBLIC_URL + path + query).
 */

/**
 * Twilio's X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, over the full URL followed by every POST
 * parameter's name and value, sorted by name (https://www.twilio.com/docs/usage/security#validating-requests).
 * A repeated parameter contributes each of its values, in order.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string | string[]>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => {
      const values = Array.isArray(params[name]) ? (params[name] as string[]) : [params[name] as string];
      return text + values.map((value) => `${name}${value}`).join('');
    }, url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string | string[]>,
  signature: string | undefined,
): boolean {
  if (typeof signature !== 'string' || signature.length === 0) return false;
  return safeEqual(twilioSignature(authToken, url, params), signature);
}

/**
 * Our own scheme for a generic gateway, which has none we could know: the gateway sends
 * `X-Tocsin-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with PAGE_GATEWAY_SECRET>`,
 * the same shape as the ingest signatures. The timestamp must be within `toleranceSeconds` of now (replay window).
 */
export const GATEWAY_SIGNATURE_HEADER = 'x-tocsin-signature';

export function gatewaySignature(secret: string, rawBody: string | Buffer, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/**
 * Holds with the MAC it proved (the reply's identity for the replay check) and when its timestamp stops being
 * accepted (how long that check must remember it).
 */
export type GatewaySignatureCheck =
  { ok: true; mac: string; untilMs: number } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

export function verifyGatewaySignature(
  secret: string,
  rawBody: string | Buffer,
  header: string | undefined,
  nowMs: number,
  toleranceSeconds = 300,
): GatewaySignatureCheck {
  if (typeof header !== 'string' || header.length === 0) return { ok: false, reason: 'missing' };
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const timestamp = Number(parts.t);
  if (!/^\d{1,12}$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) {
    return { ok: false, reason: 'malformed' };
  }
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale' };
  const expected = gatewaySignature(secret, rawBody, timestamp);
  return safeEqual(expected, `t=${parts.t},v1=${parts.v1}`)
    ? { ok: true, mac: parts.v1, untilMs: (timestamp + toleranceSeconds) * 1000 }
    : { ok: false, reason: 'mismatch' };
}

function safeEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
