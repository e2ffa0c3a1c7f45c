import { createHmac } from 'node:crypto';
import { signatureProblem, signPayload } from './signature';

const secret = 'whsec_test';
const body = Buffer.from('{"summary":"Disk full"}');
const now = 1_800_000_000_000;
const t = now / 1000;
const hex = (at: number, text = body.toString()) => createHmac('sha256', secret).update(`${at}.${text}`).digest('hex');

describe('X-Tocsin-Signature', () => {
  it('holds for the body as sent, within 5 minutes either way, with any of several v1', () => {
    expect(signatureProblem(signPayload(secret, body.toString(), t), secret, body, now)).toBeNull();
    expect(signatureProblem(`t=${t - 300},v1=${hex(t - 300)}`, secret, body, now)).toBeNull();
    expect(signatureProblem(`t=${t + 300},v1=${hex(t + 300)}`, secret, body, now)).toBeNull();
    expect(signatureProblem(`t=${t}, v1=${'0'.repeat(64)}, v1=${hex(t)}`, secret, body, now)).toBeNull();
  });

  it.each([
    [undefined, 'This source requires signed payloads: the X-Tocsin-Signature header is missing'],
    ['garbage', 'The X-Tocsin-Signature header must read t=<unix seconds>,v1=<hex HMAC-SHA256>'],
    [`v1=${hex(t)}`, 'The X-Tocsin-Signature header must read t=<unix seconds>,v1=<hex HMAC-SHA256>'],
    [`t=${t}`, 'The X-Tocsin-Signature header must read t=<unix seconds>,v1=<hex HMAC-SHA256>'],
    [
      `t=${t - 301},v1=${hex(t - 301)}`,
      'The X-Tocsin-Signature timestamp is more than 5 minutes from now: sign each payload when it is sent',
    ],
    [`t=${t},v1=${hex(t, '{}')}`, 'The X-Tocsin-Signature does not match the payload'],
    [`t=${t},v1=${hex(t).slice(2)}`, 'The X-Tocsin-Signature does not match the payload'],
    [`t=${t},v1=zz${hex(t).slice(2)}`, 'The X-Tocsin-Signature does not match the payload'],
  ])('refuses %s', (header, message) => {
    expect(signatureProblem(header, secret, body, now)).toBe(message);
  });
});
