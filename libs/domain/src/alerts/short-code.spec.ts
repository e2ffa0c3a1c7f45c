import { alertShortCode, parseSmsReply, SHORT_CODE_ALPHABET, smsReplyHint } from './short-code';

describe('alertShortCode', () => {
  it('is 6 unambiguous characters, the same for the same alert and episode', () => {
    const code = alertShortCode('alert-src-1-ab12', 1);
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTWXYZ]{6}$/);
    expect(alertShortCode('alert-src-1-ab12', 1)).toBe(code);
    expect(alertShortCode('alert-src-1-ab12', 2)).not.toBe(code);
    expect(SHORT_CODE_ALPHABET).not.toMatch(/[01ILOUV]/);
  });

  it('spreads: ten thousand alerts, (almost) no clash', () => {
    const codes = new Set(Array.from({ length: 10_000 }, (_, i) => alertShortCode(`alert-${i}`, 1)));
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
    const code = alertShortCode('alert-x', 3);
    expect(smsReplyHint(code)).toContain(`ACK ${code}`);
    expect(parseSmsReply(`ACK ${code}`)).toEqual({ action: 'acknowledge', code });
  });
});
