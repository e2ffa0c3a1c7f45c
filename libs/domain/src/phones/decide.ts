import { DomainError } from '../shared/event';
import type { PhoneCommand } from './commands';
import {
  isE164,
  isPhoneVerificationMethod,
  PHONE_CODE_MAX_WRONG_ATTEMPTS,
  PHONE_CODES_PER_HOUR,
  PHONE_MESSAGES,
  type PhoneVerificationMethod,
} from './constants';
import type { IssuedPhoneCode, PhoneEvent } from './events';
import { VerificationRefused } from './refusal';
import type { PhoneState } from './state';

const HOUR_MS = 3_600_000;

function invalid(field: string, message: string): never {
  throw new DomainError(message, 'invalid', { [field]: [message] });
}

function validNumber(number: string): string {
  if (!number) invalid('number', PHONE_MESSAGES.numberRequired);
  if (!isE164(number)) invalid('number', PHONE_MESSAGES.numberInvalid);
  return number;
}

function validMethod(method: unknown): PhoneVerificationMethod {
  return isPhoneVerificationMethod(method) ? method : invalid('verification_method', PHONE_MESSAGES.method);
}

function sendCode(
  phoneId: string,
  state: PhoneState,
  method: PhoneVerificationMethod,
  code: IssuedPhoneCode,
): PhoneEvent {
  const since = Date.parse(code.sentAt) - HOUR_MS;
  const recent = state.sentAt.filter((at) => Date.parse(at) > since).length;
  if (recent >= PHONE_CODES_PER_HOUR)
    throw new VerificationRefused('too_many_sends', PHONE_MESSAGES.tooManyCodes, 'verification_method');
  return { type: 'PhoneVerificationSent', data: { phoneId, method, ...code } };
}

export function decidePhone(command: PhoneCommand, state: PhoneState): PhoneEvent[] {
  const { phoneId, userId } = command;
  if (command.type === 'AddPhone' || command.type === 'AddConsentedPhone') {
    if (state.status !== 'absent') throw new DomainError('The phone already exists', 'conflict');
    const number = validNumber(command.number);
    const method = validMethod(command.method);
    const added: PhoneEvent = { type: 'PhoneAdded', data: { phoneId, userId, number, method } };
    if (command.type === 'AddPhone') return [added, sendCode(phoneId, state, method, command.code)];
    if (command.consent !== true) invalid('consent', PHONE_MESSAGES.consent);
    return [added, { type: 'PhoneVerified', data: { phoneId, userId, via: 'consent' } }];
  }
  // another person's phone, like a removed one, does not exist for this caller
  if (state.status !== 'active' || state.userId !== userId) throw new DomainError(PHONE_MESSAGES.notFound, 'not_found');
  switch (command.type) {
    case 'RemovePhone':
      return [{ type: 'PhoneRemoved', data: { phoneId, userId } }];
    case 'ResendPhoneCode': {
      const method = validMethod(command.method);
      if (state.verified) throw new DomainError(PHONE_MESSAGES.alreadyVerified, 'conflict');
      return [sendCode(phoneId, state, method, command.code)];
    }
    case 'VerifyPhone': {
      if (state.verified) throw new DomainError(PHONE_MESSAGES.alreadyVerified, 'conflict');
      const code = state.code;
      if (!code || code.failures >= PHONE_CODE_MAX_WRONG_ATTEMPTS)
        throw new VerificationRefused('exhausted', PHONE_MESSAGES.tooManyWrongCodes, 'code');
      if (Date.parse(command.now) >= Date.parse(code.expiresAt))
        throw new VerificationRefused('expired', PHONE_MESSAGES.codeExpired, 'code');
      if (command.codeHash !== code.codeHash)
        return [{ type: 'PhoneVerificationFailed', data: { phoneId, attempts: code.failures + 1 } }];
      return [{ type: 'PhoneVerified', data: { phoneId, userId, via: 'code' } }];
    }
  }
}
