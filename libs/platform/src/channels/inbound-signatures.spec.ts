import { gatewaySignature, twilioSignature, verifyGatewaySignature, verifyTwilioSignature } from './inbound-signatures';

describe('X-Twilio-Signature', () => {
  // the example of Twilio's own security documentation and helper libraries
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+12349013030',
    Digits: '1234',
    From: '+12349013030',
    To: '+18005551212',
  };

  it('is the base64 HMAC-SHA1 of the URL and the sorted parameters', () => {
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(verifyTwilioSignature('12345', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
  });

  it('refuses another token, URL, parameter or value, and a missing header', () => {
    const good = twilioSignature('12345', url, params);
    expect(verifyTwilioSignature('54321', url, params, good)).toBe(false);
    expect(verifyTwilioSignature('12345', url.replace('foo=1', 'foo=2'), params, good)).toBe(false);
    expect(verifyTwilioSignature('12345', url, { ...params, Digits: '1235' }, good)).toBe(false);
    expect(verifyTwilioSignature('12345', url, { ...params, Body: 'ACK 4KX9QZ' }, good)).toBe(false);
    expect(verifyTwilioSignature('12345', url, params, undefined)).toBe(false);
    expect(verifyTwilioSignature('12345', url, params, '')).toBe(false);
  });

  it('does not depend on the order parameters arrived in; repeated ones count each value', () => {
    const reversed = Object.fromEntries(Object.entries(params).reverse());
    expect(twilioSignature('12345', url, reversed)).toBe(twilioSignature('12345', url, params));
    expect(twilioSignature('t', url, { A: ['1', '2'] })).not.toBe(twilioSignature('t', url, { A: '1' }));
  });
});

describe('the generic gateway signature (X-Tocsin-Signature)', () => {
  const secret = 'gateway-secret';
  const body = 'from=%2B15557654321&text=ACK+4KX9QZ';
  const now = Date.parse('2026-11-24T21:00:00Z');
  const t = now / 1000;

  it('accepts the signature of the raw body with a fresh timestamp', () => {
    const header = gatewaySignature(secret, body, t);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // named by its MAC, and remembered for replays until its timestamp is 5 minutes old (a clock ahead too)
    const proved = { ok: true, mac: header.split('v1=')[1], untilMs: now + 300_000 };
    expect(verifyGatewaySignature(secret, body, header, now)).toEqual(proved);
    expect(verifyGatewaySignature(secret, Buffer.from(body), header, now + 299_000)).toEqual(proved);
    expect(verifyGatewaySignature(secret, body, header, now - 299_000)).toEqual(proved);
  });

  it('refuses with a reason each: missing, malformed, stale, mismatch', () => {
    expect(verifyGatewaySignature(secret, body, undefined, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyGatewaySignature(secret, body, 'sha256=abc', now)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyGatewaySignature(secret, body, gatewaySignature(secret, body, t - 301), now)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyGatewaySignature(secret, `${body}x`, gatewaySignature(secret, body, t), now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyGatewaySignature('other', body, gatewaySignature(secret, body, t), now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    // the timestamp is signed: moving it forward breaks the signature
    const moved = gatewaySignature(secret, body, t - 1000).replace(`t=${t - 1000}`, `t=${t}`);
    expect(verifyGatewaySignature(secret, body, moved, now)).toEqual({ ok: false, reason: 'mismatch' });
  });
});
