import { DomainError } from '../shared/event';
import type { PhoneCommand } from './commands';
import { isPendingCode, refuseTooManyCodes } from './codes';
import { isE164, isPhoneVerificationMethod, PHONE_MESSAGES, type PhoneVerificationMethod } from './constants';
import type { IssuedPhoneCode, PhoneEvent } from './events';
import type { PhoneState } from './state';

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
  refuseTooManyCodes(state.sentAt, code.sentAt, PHONE_MESSAGES.tooManyCodes, 'verification_method');
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
      if (!isPendingCode(state.code, command.codeHash, command.now))
        return [{ type: 'PhoneVerificationFailed', data: { phoneId, attempts: state.code!.failures + 1 } }];
      return [{ type: 'PhoneVerified', data: { phoneId, userId, via: 'code' } }];
    }
  }
}
