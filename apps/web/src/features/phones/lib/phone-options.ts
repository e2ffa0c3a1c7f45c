import { WINDOW_FLAGS } from '@tocsin/contracts';
import { PHONE_VERIFICATION_METHODS, type PhoneVerificationMethod } from '@tocsin/domain';

export const METHOD_LABELS: Record<PhoneVerificationMethod, string> = {
  sms: 'SMS',
  voice: 'Voice',
  whats_app: 'WhatsApp',
};

/** The methods offered for a code: WhatsApp goes when the organization hides WhatsApp destinations (SPEC.md section 6). */
export const offeredMethods = (hideWhatsApp: boolean): PhoneVerificationMethod[] =>
  PHONE_VERIFICATION_METHODS.filter((method) => !(hideWhatsApp && method === 'whats_app'));

/** SPEC.md section 4: simple verification is on when the server's window flag is the string 'true'. */
export const isSimplePhoneVerification = (scope: object = window): boolean =>
  (scope as Record<string, unknown>)[WINDOW_FLAGS.simplePhoneVerification] === 'true';
