import { createHmac } from 'node:crypto';
import { checkSignature, signPayload } from './signature';

const secret = 'whsec_test';
const body = Buffer.from('{"summary":"Disk full"}');
const now = 1_800_000_000_000;
const t = now / 1000;
const hex = (at: number, text = body.toString()) => createHmac('sha256', secret).update(`${at}.${text}`).digest('hex');
const problem = (header: string | undefined) => {
  const check = checkSignature(header, secret, body, now);
  return check.ok ? null : check.problem;
};

describe('X-Tocsin-Signature', () => {
  it('holds for the body as sent, up to 5 minutes old or 30 s ahead, with any of several v1', () => {
    expect(problem(signPayload(secret, body.toString(), t))).toBeNull();
    expect(problem(`t=${t - 300},v1=${hex(t - 300)}`)).toBeNull();
    expect(problem(`t=${t + 30},v1=${hex(t + 30)}`)).toBeNull();
    expect(problem(`t=${t}, v1=${'0'.repeat(64)}, v1=${hex(t)}`)).toBeNull();
  });

  it('names the payload by the HMAC it proved, whatever else the header carries, and until when it holds', () => {
    // remembered until its timestamp is 5 minutes old: a timestamp 30 s ahead is remembered 5 min 30 s
    const until = (at: number) => (at + 300) * 1000;
    expect(checkSignature(`t=${t},v1=${hex(t)}`, secret, body, now)).toEqual({
      ok: true,
      digest: hex(t),
      untilMs: until(t),
    });
    expect(checkSignature(`t=${t},v1=${'0'.repeat(64)},v1=${hex(t).toUpperCase()}`, secret, body, now)).toEqual({
      ok: true,
      digest: hex(t),
      untilMs: until(t),
    });
    expect(checkSignature(`t=${t + 30},v1=${hex(t + 30)}`, secret, body, now)).toMatchObject({
      untilMs: now + 330_000,
    });
  });

  it.each([
    [undefined, 'This source requires signed payloads: the X-Tocsin-Signature header is missing'],
    ['garbage', 'The X-Tocsin-Signature header must read t=<unix seconds>,v1=<hex HMAC-SHA256>'],
    [`v1=${hex(t)}`, 'The X-Tocsin-Signature header must read t=<unix seconds>,v1=<hex HMAC-SHA256>'],
    [`t=${t}`, 'The X-Tocsin-Signature header must read t=<unix seconds>,v1=<hex HMAC-SHA256>'],
    [
      `t=${t - 301},v1=${hex(t - 301)}`,
      'The X-Tocsin-Signature timestamp is more than 5 minutes old: sign each payload when it is sent',
    ],
    [
      `t=${t + 31},v1=${hex(t + 31)}`,
      "The X-Tocsin-Signature timestamp is more than 30 s ahead of our clock: check the sender's clock",
    ],
    [`t=${t},v1=${hex(t, '{}')}`, 'The X-Tocsin-Signature does not match the payload'],
    [`t=${t},v1=${hex(t).slice(2)}`, 'The X-Tocsin-Signature does not match the payload'],
    [`t=${t},v1=zz${hex(t).slice(2)}`, 'The X-Tocsin-Signature does not match the payload'],
  ])('refuses %s', (header, message) => {
    expect(problem(header)).toBe(message);
  });
});
