import { createHmac, timingSafeEqual } from 'node:crypto';

/** Seconds a signature's timestamp may lie in the past: a payload is accepted once, within this window. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Seconds a timestamp may lie in the future: the sender's clock running a little ahead of ours. */
export const SIGNATURE_CLOCK_SKEW_SECONDS = 30;
/**
 * Holds with the HMAC it proved (the payload's identity for the replay check: the same for any header that proves
 * it) and when its timestamp stops being accepted (how long the replay check must remember it).
 */
export type SignatureCheck = { ok: true; digest: string; untilMs: number } | { ok: false; problem: string };

/**
 * The `X-Tocsin-Signature` header (README "Ingest"): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`,
 * the body as sent, byte for byte. Several `v1=` are allowed (a secret being changed). Says why not when it fails.
 */
export function checkSignature(
  header: string | undefined,
  secret: string,
  body: Buffer,
  nowMs: number,
): SignatureCheck {
  const refuse = (problem: string): SignatureCheck => ({ ok: false, problem });
  if (!header) return refuse('This source requires signed payloads: the X-Tocsin-Signature header is missing');
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = parts.find(([name]) => name === 't')?.[1];
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) {
    return refuse('The X-Tocsin-Signature header must read t=<unix seconds>,v1=<hex HMAC-SHA256>');
  }
  const age = nowMs / 1000 - Number(t);
  if (age > SIGNATURE_TOLERANCE_SECONDS) {
    return refuse('The X-Tocsin-Signature timestamp is more than 5 minutes old: sign each payload when it is sent');
  }
  if (age < -SIGNATURE_CLOCK_SKEW_SECONDS) {
    return refuse(
      `The X-Tocsin-Signature timestamp is more than ${SIGNATURE_CLOCK_SKEW_SECONDS} s ahead of our clock: check the sender's clock`,
    );
  }
  const expected = createHmac('sha256', secret).update(`${t}.`).update(body).digest();
  const matches = signatures.some((hex) => {
    if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
    return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
  });
  return matches
    ? { ok: true, digest: expected.toString('hex'), untilMs: (Number(t) + SIGNATURE_TOLERANCE_SECONDS) * 1000 }
    : refuse('The X-Tocsin-Signature does not match the payload');
}

/**
 * The header for `body` signed at `unixSeconds` with each secret in turn (one `v1=` each): what a sender of a
 * signed payload computes, and what Tocsin's webhook deliveries carry (two secrets during a rotation).
 */
export const signatureHeader = (secrets: readonly string[], body: string, unixSeconds: number) =>
  [
    `t=${unixSeconds}`,
    ...secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`),
  ].join(',');

/** What a sender computes (tests and documentation). */
export const signPayload = (secret: string, body: string, unixSeconds: number) =>
  signatureHeader([secret], body, unixSeconds);
