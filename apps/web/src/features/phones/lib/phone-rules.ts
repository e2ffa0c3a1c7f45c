import {
  PHONE_CODE_LENGTH,
  PHONE_MESSAGES,
  PHONE_VERIFICATION_METHODS,
  type PhoneVerificationMethod,
} from '@tocsin/domain';
import { isValidPhoneNumber } from 'react-phone-number-input/max';
import * as yup from 'yup';

/** SPEC.md section 5. The same full metadata as the server, so what passes here passes there. */
export const phoneNumberRule = yup
  .string()
  .default('')
  .required(PHONE_MESSAGES.numberRequired)
  .test('phone', PHONE_MESSAGES.numberInvalid, (value) => !value || isValidPhoneNumber(value));

export const codeSchema = yup.object({
  code: yup
    .string()
    .default('')
    .required(PHONE_MESSAGES.codeRequired)
    .length(PHONE_CODE_LENGTH, PHONE_MESSAGES.codeFormat),
});

export const phoneSchema = yup.object({
  number: phoneNumberRule,
  verification_method: yup.string<PhoneVerificationMethod>().oneOf(PHONE_VERIFICATION_METHODS).required(),
});

export const simplePhoneSchema = yup.object({
  number: phoneNumberRule,
  consent: yup.boolean().default(false).oneOf([true], PHONE_MESSAGES.consent).required(PHONE_MESSAGES.consent),
});
