import { sha256 } from '../../shared/hmac-sha256';
import { alertShortCode, parseSmsReply, SHORT_CODE_ALPHABET, smsReplyHint } from './short-code';

const KEY = 'a-server-secret-of-at-least-32-characters';

describe('alertShortCode', () => {
  it('is 6 unambiguous characters, the same for the same alert and episode', () => {
    const code = alertShortCode('alert-src-1-ab12', 1, KEY);
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTWXYZ]{6}$/);
    expect(alertShortCode('alert-src-1-ab12', 1, KEY)).toBe(code);
    expect(alertShortCode('alert-src-1-ab12', 2, KEY)).not.toBe(code);
    expect(SHORT_CODE_ALPHABET).not.toMatch(/[01ILOUV]/);
  });

  it('is keyed: another secret gives another code, and the unkeyed digest of the alert id is not it', () => {
    const code = alertShortCode('alert-src-1-ab12', 1, KEY);
    expect(alertShortCode('alert-src-1-ab12', 1, `${KEY}-other`)).not.toBe(code);
    const digest = sha256(new TextEncoder().encode('alert-src-1-ab12#1'));
    let value = 0;
    for (let i = 0; i < 6; i++) value = value * 256 + digest[i];
    let unkeyed = '';
    for (let i = 0; i < 6; i++) {
      unkeyed += SHORT_CODE_ALPHABET[value % SHORT_CODE_ALPHABET.length];
      value = Math.floor(value / SHORT_CODE_ALPHABET.length);
    }
    expect(code).not.toBe(unkeyed);
  });

  it('spreads: ten thousand alerts, (almost) no clash', () => {
    const codes = new Set(Array.from({ length: 10_000 }, (_, i) => alertShortCode(`alert-${i}`, 1, KEY)));
    expect(codes.size).toBeGreaterThanOrEqual(9_999);
  });
});

describe('parseSmsReply', () => {
  it.each([
    ['ACK 4KX9QZ', 'acknowledge'],
    ['ack 4kx9qz', 'acknowledge'],
    ['  Acknowledge   4KX9QZ. ', 'acknowledge'],
    ['RES 4KX9QZ', 'resolve'],
    ['resolve: 4kx9qz!', 'resolve'],
  ])('reads %j', (text, action) => {
    expect(parseSmsReply(text)).toEqual({ action, code: '4KX9QZ' });
  });

  it.each([
    '1',
    '2',
    'ACK',
    '4KX9QZ',
    'ACK 4KX9Q',
    'ACK 4KX9QZZ',
    'ACK 4KX0QZ',
    'STOP 4KX9QZ',
    'ACK 4KX9QZ please',
    '',
  ])('does not understand %j', (text) => {
    expect(parseSmsReply(text)).toBeNull();
  });

  it('reads what the hint tells people to send', () => {
    const code = alertShortCode('alert-x', 3, KEY);
    expect(smsReplyHint(code)).toContain(`ACK ${code}`);
    expect(parseSmsReply(`ACK ${code}`)).toEqual({ action: 'acknowledge', code });
  });
});
