import { PHONE_CODE_TTL_MS, type PhoneVerificationMethod } from '@tocsin/domain';
import type { PhoneText } from '@tocsin/platform';

const MINUTES = PHONE_CODE_TTL_MS / 60_000;

/** The verification message: the code, how long it works; a call reads the digits one by one, twice. */
export function verificationMessage(to: string, kind: PhoneVerificationMethod, code: string): PhoneText {
  const digits = code.split('').join(', ');
  return {
    kind,
    to,
    title: 'Tocsin verification code',
    text: `Your Tocsin verification code is ${code}. It expires in ${MINUTES} minutes.`,
    spoken: `Your Tocsin verification code is ${digits}. Again: ${digits}.`,
  };
}
