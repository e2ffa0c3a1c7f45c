import { deciderSpec } from '../../../../test/support/decider-spec';
import { VerificationRefused } from '../phones/refusal';
import type { DomainError } from '../shared/event';
import {
  ALTERNATIVE_EMAIL_MESSAGES as M,
  decideAlternativeEmail,
  evolveAlternativeEmail,
  initialAlternativeEmail,
  type AlternativeEmailCommand,
  type AlternativeEmailEvent,
  type AlternativeEmailState,
  type IssuedEmailToken,
} from './alternative-email';

const spec = deciderSpec<AlternativeEmailState, AlternativeEmailCommand, AlternativeEmailEvent>({
  initial: initialAlternativeEmail,
  evolve: evolveAlternativeEmail,
  decide: decideAlternativeEmail,
});
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);
const refused = (reason: VerificationRefused['reason'], message: string) => (error: unknown) => {
  expect(error).toBeInstanceOf(VerificationRefused);
  expect([(error as VerificationRefused).reason, (error as Error).message]).toEqual([reason, message]);
};

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes)).toISOString();
const token = (minutes: number): IssuedEmailToken => ({
  tokenHash: `t${minutes}`,
  sentAt: at(minutes),
  expiresAt: at(minutes + 24 * 60),
});
const added: AlternativeEmailEvent = {
  type: 'AlternativeEmailAdded',
  data: { alternativeEmailId: 'a1', userId: 'u1', email: 'ana@example.com', ...token(0) },
};
const resent = (minutes: number): AlternativeEmailEvent => ({
  type: 'AlternativeEmailVerificationSent',
  data: { alternativeEmailId: 'a1', ...token(minutes) },
});
const verified: AlternativeEmailEvent = {
  type: 'AlternativeEmailVerified',
  data: { alternativeEmailId: 'a1', userId: 'u1' },
};
const removed: AlternativeEmailEvent = {
  type: 'AlternativeEmailRemoved',
  data: { alternativeEmailId: 'a1', userId: 'u1' },
};
const add = (email: string): AlternativeEmailCommand => ({
  type: 'AddAlternativeEmail',
  alternativeEmailId: 'a1',
  userId: 'u1',
  email,
  token: token(0),
});
const verify = (tokenHash: string, minutes = 1): AlternativeEmailCommand => ({
  type: 'VerifyAlternativeEmail',
  alternativeEmailId: 'a1',
  tokenHash,
  now: at(minutes),
});
const resend = (minutes: number, userId = 'u1'): AlternativeEmailCommand => ({
  type: 'ResendAlternativeEmail',
  alternativeEmailId: 'a1',
  userId,
  token: token(minutes),
});

describe('alternative email decider', () => {
  it('adds a trimmed, lowercased address with its first link', () => {
    spec.given([]).when(add('  Ana@Example.COM ')).then([added]);
  });

  it.each([
    ['   ', M.required],
    ['ana', M.invalid],
    ['ana@example', M.invalid],
    [`${'a'.repeat(250)}@example.com`, M.invalid],
  ])('refuses %j', (email, message) => {
    spec
      .given([])
      .when(add(email))
      .thenThrows((error) => expect((error as DomainError).fields).toEqual({ email: [message] }));
  });

  it('never reuses an id', () => {
    spec.given([added]).when(add('ana@example.com')).thenThrows(code('conflict'));
    spec.given([added, removed]).when(add('ana@example.com')).thenThrows(code('conflict'));
  });

  it('verifies with the newest link before it expires, and a second click changes nothing', () => {
    spec.given([added]).when(verify('t0')).then([verified]);
    spec.given([added, verified]).when(verify('t0')).thenNothingHappened();
    spec
      .given([added, resent(5)])
      .when(verify('t5', 6))
      .then([verified]);
  });

  it('refuses an older, unknown or expired link, and any link of a removed address', () => {
    spec
      .given([added, resent(5)])
      .when(verify('t0', 6))
      .thenThrows(refused('expired', M.badLink));
    spec.given([added]).when(verify('nope')).thenThrows(refused('expired', M.badLink));
    spec
      .given([added])
      .when(verify('t0', 24 * 60))
      .thenThrows(refused('expired', M.badLink));
    spec.given([added, removed]).when(verify('t0')).thenThrows(refused('expired', M.badLink));
    spec.given([]).when(verify('t0')).thenThrows(refused('expired', M.badLink));
  });

  it('resends a link, at most 5 in any rolling hour, and not once verified', () => {
    spec
      .given([added])
      .when(resend(1))
      .then([resent(1)]);
    const five = [added, resent(1), resent(2), resent(3), resent(4)];
    spec.given(five).when(resend(59)).thenThrows(refused('too_many_sends', M.tooManyLinks));
    spec
      .given(five)
      .when(resend(60))
      .then([resent(60)]);
    spec.given([added, verified]).when(resend(1)).thenThrows(code('conflict'));
  });

  it("removes an address; another person's or a removed one is not found", () => {
    const remove = (userId: string): AlternativeEmailCommand => ({
      type: 'RemoveAlternativeEmail',
      alternativeEmailId: 'a1',
      userId,
    });
    spec.given([added]).when(remove('u1')).then([removed]);
    spec.given([added, removed]).when(remove('u1')).thenThrows(code('not_found'));
    spec.given([added]).when(remove('u2')).thenThrows(code('not_found'));
    spec.given([added]).when(resend(1, 'u2')).thenThrows(code('not_found'));
    spec.given([]).when(remove('u1')).thenThrows(code('not_found'));
  });
});
