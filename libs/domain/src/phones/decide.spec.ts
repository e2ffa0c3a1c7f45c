import { deciderSpec } from '../../../../test/support/decider-spec';
import type { DomainError } from '../shared/event';
import type { PhoneCommand } from './commands';
import { PHONE_MESSAGES } from './constants';
import { decidePhone } from './decide';
import type { IssuedPhoneCode, PhoneEvent } from './events';
import { VerificationRefused } from './refusal';
import { evolvePhone, initialPhone, type PhoneState } from './state';

const phone = deciderSpec<PhoneState, PhoneCommand, PhoneEvent>({
  initial: initialPhone,
  evolve: evolvePhone,
  decide: decidePhone,
});
const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);
const fields = (expected: Record<string, string[]>) => (error: unknown) => {
  expect((error as DomainError).code).toBe('invalid');
  expect((error as DomainError).fields).toEqual(expected);
};
const refused = (reason: VerificationRefused['reason'], message: string) => (error: unknown) => {
  expect(error).toBeInstanceOf(VerificationRefused);
  expect([(error as VerificationRefused).reason, (error as Error).message]).toEqual([reason, message]);
};

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes)).toISOString();
const issued = (minutes: number, codeHash = 'hash-1'): IssuedPhoneCode => ({
  salt: `salt-${minutes}`,
  codeHash,
  sentAt: at(minutes),
  expiresAt: at(minutes + 10),
});
const added: PhoneEvent = {
  type: 'PhoneAdded',
  data: { phoneId: 'p1', userId: 'u1', number: '+14155552671', method: 'sms' },
};
const sent = (minutes: number, codeHash = 'hash-1'): PhoneEvent => ({
  type: 'PhoneVerificationSent',
  data: { phoneId: 'p1', method: 'sms', ...issued(minutes, codeHash) },
});
const failed = (attempts: number): PhoneEvent => ({
  type: 'PhoneVerificationFailed',
  data: { phoneId: 'p1', attempts },
});
const verified: PhoneEvent = { type: 'PhoneVerified', data: { phoneId: 'p1', userId: 'u1', via: 'code' } };
const removed: PhoneEvent = { type: 'PhoneRemoved', data: { phoneId: 'p1', userId: 'u1' } };
const verify = (codeHash: string, minutes = 1, userId = 'u1'): PhoneCommand => ({
  type: 'VerifyPhone',
  phoneId: 'p1',
  userId,
  codeHash,
  now: at(minutes),
});
const resend = (minutes: number, method: unknown = 'sms'): PhoneCommand => ({
  type: 'ResendPhoneCode',
  phoneId: 'p1',
  userId: 'u1',
  method,
  code: issued(minutes, `hash-${minutes}`),
});

describe('phone decider: adding', () => {
  const add = (number: string, method: unknown = 'sms'): PhoneCommand => ({
    type: 'AddPhone',
    phoneId: 'p1',
    userId: 'u1',
    number,
    method,
    code: issued(0),
  });

  it('adds the number and sends the first code by the chosen method', () => {
    phone
      .given([])
      .when(add('+14155552671', 'voice'))
      .then([
        { type: 'PhoneAdded', data: { phoneId: 'p1', userId: 'u1', number: '+14155552671', method: 'voice' } },
        { type: 'PhoneVerificationSent', data: { phoneId: 'p1', method: 'voice', ...issued(0) } },
      ]);
  });

  it.each([
    ['', { number: [PHONE_MESSAGES.numberRequired] }],
    ['4155552671', { number: [PHONE_MESSAGES.numberInvalid] }],
    ['+0123', { number: [PHONE_MESSAGES.numberInvalid] }],
    ['+1234567890123456', { number: [PHONE_MESSAGES.numberInvalid] }],
  ])('refuses the number %j', (number, expected) => {
    phone.given([]).when(add(number)).thenThrows(fields(expected));
  });

  it('refuses an unknown method', () => {
    phone
      .given([])
      .when(add('+14155552671', 'pigeon'))
      .thenThrows(fields({ verification_method: [PHONE_MESSAGES.method] }));
  });

  it('never reuses an id, removed or not', () => {
    phone
      .given([added, sent(0)])
      .when(add('+14155552671'))
      .thenThrows(code('conflict'));
    phone
      .given([added, sent(0), removed])
      .when(add('+14155552671'))
      .thenThrows(code('conflict'));
  });
});

describe('phone decider: simple verification by consent', () => {
  const consent = (value: unknown): PhoneCommand => ({
    type: 'AddConsentedPhone',
    phoneId: 'p1',
    userId: 'u1',
    number: '+14155552671',
    method: 'sms',
    consent: value,
  });

  it('verifies the number at once when the person opts in, sending nothing', () => {
    phone
      .given([])
      .when(consent(true))
      .then([added, { type: 'PhoneVerified', data: { phoneId: 'p1', userId: 'u1', via: 'consent' } }]);
  });

  it.each([false, undefined, 'true'])('refuses consent %j', (value) => {
    phone
      .given([])
      .when(consent(value))
      .thenThrows(fields({ consent: [PHONE_MESSAGES.consent] }));
  });
});

describe('phone decider: verifying', () => {
  it('verifies with the current code', () => {
    phone
      .given([added, sent(0)])
      .when(verify('hash-1'))
      .then([verified]);
  });

  it('records a wrong code and counts the attempts', () => {
    phone
      .given([added, sent(0)])
      .when(verify('wrong'))
      .then([failed(1)]);
    phone
      .given([added, sent(0), failed(1), failed(2)])
      .when(verify('wrong'))
      .then([failed(3)]);
  });

  it('after 5 wrong codes refuses even the right one until a new code is sent', () => {
    const exhausted = [added, sent(0), failed(1), failed(2), failed(3), failed(4), failed(5)];
    phone.given(exhausted).when(verify('hash-1')).thenThrows(refused('exhausted', PHONE_MESSAGES.tooManyWrongCodes));
    phone
      .given([...exhausted, sent(2, 'hash-2')])
      .when(verify('hash-2', 3))
      .then([verified]);
  });

  it('refuses a code at and after its expiry, writing nothing', () => {
    phone
      .given([added, sent(0)])
      .when(verify('hash-1', 10))
      .thenThrows(refused('expired', PHONE_MESSAGES.codeExpired));
    phone
      .given([added, sent(0)])
      .when(verify('hash-1', 9))
      .then([verified]);
  });

  it('only the newest code works', () => {
    phone
      .given([added, sent(0, 'hash-1'), sent(1, 'hash-2')])
      .when(verify('hash-1', 2))
      .then([failed(1)]);
  });

  it('refuses to verify twice', () => {
    phone
      .given([added, sent(0), verified])
      .when(verify('hash-1'))
      .thenThrows(code('conflict'));
  });
});

describe('phone decider: resending', () => {
  it('sends a new code, by a new method when asked', () => {
    phone
      .given([added, sent(0)])
      .when(resend(1, 'whats_app'))
      .then([{ type: 'PhoneVerificationSent', data: { phoneId: 'p1', method: 'whats_app', ...issued(1, 'hash-1') } }]);
  });

  it('allows 5 codes in any rolling hour, the first included', () => {
    const five = [added, sent(0), sent(1), sent(2), sent(3), sent(4)];
    phone.given(five).when(resend(59)).thenThrows(refused('too_many_sends', PHONE_MESSAGES.tooManyCodes));
    // an hour after the first code, that code no longer counts
    phone
      .given(five)
      .when(resend(60))
      .then([{ type: 'PhoneVerificationSent', data: { phoneId: 'p1', method: 'sms', ...issued(60, 'hash-60') } }]);
  });

  it('refuses an unknown method and a verified phone', () => {
    phone
      .given([added, sent(0)])
      .when(resend(1, 'fax'))
      .thenThrows(fields({ verification_method: [PHONE_MESSAGES.method] }));
    phone
      .given([added, sent(0), verified])
      .when(resend(1))
      .thenThrows(code('conflict'));
  });
});

describe('phone decider: removing and ownership', () => {
  it('removes a phone, after which it is not found', () => {
    phone
      .given([added, sent(0)])
      .when({ type: 'RemovePhone', phoneId: 'p1', userId: 'u1' })
      .then([removed]);
    phone
      .given([added, sent(0), removed])
      .when({ type: 'RemovePhone', phoneId: 'p1', userId: 'u1' })
      .thenThrows(code('not_found'));
    phone
      .given([added, sent(0), removed])
      .when(verify('hash-1'))
      .thenThrows(code('not_found'));
  });

  it("treats an unknown phone and another person's phone as not found", () => {
    const commands: PhoneCommand[] = [
      verify('hash-1', 1, 'u2'),
      { type: 'ResendPhoneCode', phoneId: 'p1', userId: 'u2', method: 'sms', code: issued(1) },
      { type: 'RemovePhone', phoneId: 'p1', userId: 'u2' },
    ];
    for (const command of commands)
      phone
        .given([added, sent(0)])
        .when(command)
        .thenThrows(code('not_found'));
    phone.given([]).when(verify('hash-1')).thenThrows(code('not_found'));
  });
});
