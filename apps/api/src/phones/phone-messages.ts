import { PHONE_CODE_TTL_MS, type PhoneVerificationMethod } from '@tocsin/domain';
import type { PhoneMessage } from './sms-provider';

const MINUTES = PHONE_CODE_TTL_MS / 60_000;

/** The verification message: the code, how long it works; a call reads the digits one by one, twice. */
export function verificationMessage(to: string, method: PhoneVerificationMethod, code: string): PhoneMessage {
  const digits = code.split('').join(', ');
  return {
    to,
    method,
    text: `Your Tocsin verification code is ${code}. It expires in ${MINUTES} minutes.`,
    spoken: `Your Tocsin verification code is ${digits}. Again: ${digits}.`,
  };
}
