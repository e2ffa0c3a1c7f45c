import { createHmac, timingSafeEqual } from 'node:crypto';

/** Seconds a signature's timestamp may be off from our clock, either way: a replay older than this is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The `X-Tocsin-Signature` header (README "Ingest"): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`,
 * the body as sent, byte for byte. Several `v1=` are allowed (a secret being changed). Returns why it is
 * refused, or null when it holds.
 */
export function signatureProblem(
  header: string | undefined,
  secret: string,
  body: Buffer,
  nowMs: number,
): string | null {
  if (!header) return 'This source requires signed payloads: the X-Tocsin-Signature header is missing';
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = parts.find(([name]) => name === 't')?.[1];
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) {
    return 'The X-Tocsin-Signature header must read t=<unix seconds>,v1=<hex HMAC-SHA256>';
  }
  if (Math.abs(nowMs / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) {
    return 'The X-Tocsin-Signature timestamp is more than 5 minutes from now: sign each payload when it is sent';
  }
  const expected = createHmac('sha256', secret).update(`${t}.`).update(body).digest();
  const matches = signatures.some((hex) => {
    if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
    return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
  });
  return matches ? null : 'The X-Tocsin-Signature does not match the payload';
}

/** What a sender computes (tests and documentation). */
export const signPayload = (secret: string, body: string, unixSeconds: number) =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
