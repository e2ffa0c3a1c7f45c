import { signAction, verifyAction, type ActionLinkClaims } from './action-links';

const secret = 'a-secret-of-thirty-two-characters!!';
const now = Date.parse('2026-11-24T21:00:00Z');
const claims: ActionLinkClaims = {
  alertId: 'alert-src-1-ab12',
  episode: 2,
  action: 'acknowledge',
  userId: 'user-1',
  expiresAt: new Date(now + 60_000).toISOString(),
};

describe('signed action links', () => {
  it('gives back what was signed, before the expiry', () => {
    const token = signAction(claims, secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyAction(token, secret, now)).toEqual({ ok: true, claims });
    expect(verifyAction(token, secret, now + 59_999, 'acknowledge')).toEqual({ ok: true, claims });
  });

  it('refuses to sign a link without an instant of expiry', () => {
    expect(() => signAction({ ...claims, expiresAt: 'tomorrow' }, secret)).toThrow(/ISO-8601/);
  });

  it('refuses an expired link', () => {
    const token = signAction(claims, secret);
    expect(verifyAction(token, secret, now + 60_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a link used for the other action', () => {
    const token = signAction(claims, secret);
    expect(verifyAction(token, secret, now, 'resolve')).toEqual({ ok: false, reason: 'wrong_action' });
  });

  it('refuses a link signed with another secret', () => {
    const token = signAction(claims, 'another-secret-of-enough-length!!');
    expect(verifyAction(token, secret, now)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a tampered payload, even one that stays well formed', () => {
    const token = signAction(claims, secret);
    const [, signature] = token.split('.');
    for (const changed of [
      { ...claims, action: 'resolve' as const },
      { ...claims, episode: 3 },
      { ...claims, userId: 'user-2' },
      { ...claims, expiresAt: new Date(now + 10 * 60_000).toISOString() },
      { ...claims, alertId: 'alert-src-1-ab13' },
    ]) {
      const [payload] = signAction(changed, secret).split('.');
      expect(verifyAction(`${payload}.${signature}`, secret, now)).toEqual({ ok: false, reason: 'bad_signature' });
    }
  });

  it('refuses a tampered signature', () => {
    const token = signAction(claims, secret);
    const flipped = token.slice(0, -2) + (token.endsWith('AA') ? 'AB' : 'AA');
    expect(verifyAction(flipped, secret, now)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('calls anything else malformed, never throwing', () => {
    for (const token of ['', '.', 'abc', 'a.b.c', 'a b.c', `${'A'.repeat(3000)}.x`, undefined as unknown as string])
      expect(verifyAction(token, secret, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('calls a correctly signed token with claims it does not know malformed', () => {
    const odd = signAction({ ...claims, action: 'delete' as never }, secret);
    expect(verifyAction(odd, secret, now)).toEqual({ ok: false, reason: 'malformed' });
  });
});
