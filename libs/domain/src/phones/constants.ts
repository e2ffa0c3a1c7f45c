import {
  isPhoneNotificationType,
  PHONE_NOTIFICATION_TYPES,
  type PhoneNotificationType,
} from '../notification-preferences/notification-types';
import { FIELD_MESSAGES } from '../shared/field-rules';

/**
 * Phone verification (SPEC.md sections 4, 5 and 9). The limits are ours (the spec shows none):
 * - a code is 6 digits and works for 10 minutes;
 * - 5 wrong codes void the current code: the person must ask for a new one;
 * - at most 5 codes go to one phone in any rolling hour, the first one included (the rest are resends);
 * - a person keeps at most 10 phone numbers.
 * The server also caps codes per person across phones (apps/api/src/phones), so deleting and re-adding
 * a number does not reset the hourly count.
 */
/** A phone is verified the ways it can be paged: a code by SMS, by a call, or by WhatsApp. */
export const PHONE_VERIFICATION_METHODS = PHONE_NOTIFICATION_TYPES;
export type PhoneVerificationMethod = PhoneNotificationType;
export const isPhoneVerificationMethod = isPhoneNotificationType;

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_WRONG_ATTEMPTS = 5;
export const PHONE_CODES_PER_HOUR = 5;
export const MAX_PHONES_PER_USER = 10;
export const PHONES_PER_PAGE = 20;
/** Default calling code when a number is typed without one (SPEC.md section 9: default prefix +1). */
export const DEFAULT_CALLING_CODE = '1';

export const PHONE_MESSAGES = {
  numberRequired: 'Phone number is required',
  numberInvalid: 'Phone number is not valid',
  codeRequired: 'Required',
  codeFormat: `Code must be ${PHONE_CODE_LENGTH} digits`,
  consent: 'You must agree to opting in to receive messages in order to use this service.',
  method: FIELD_MESSAGES.oneOf('verification_method', PHONE_VERIFICATION_METHODS),
  wrongCode: 'The code is not valid',
  codeExpired: 'The code has expired. Send a new code.',
  tooManyWrongCodes: 'Too many wrong codes. Send a new code.',
  tooManyCodes: 'Too many codes were sent to this number. Try again in an hour.',
  alreadyVerified: 'This phone number is already verified',
  alreadyAdded: 'This phone number is already added',
  tooManyPhones: `You can keep at most ${MAX_PHONES_PER_USER} phone numbers`,
  notFound: 'Phone not found',
} as const;

/** A code is exactly six digits (the pin input accepts digits only). */
const CODE = new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`);
export const isVerificationCodeFormat = (code: string) => CODE.test(code);

/** The E.164 form the API stores: a plus, a country code not starting with 0, at most 15 digits. */
export const isE164 = (number: string) => /^\+[1-9]\d{1,14}$/.test(number);
