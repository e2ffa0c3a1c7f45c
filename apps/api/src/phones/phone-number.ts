import { DEFAULT_CALLING_CODE, PHONE_MESSAGES } from '@tocsin/domain';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * The number in E.164, or the reason it is refused (SPEC.md section 5). A number typed without a
 * country code is read as +1 (section 9). The full metadata checks the number really exists in its
 * numbering plan, which also keeps national numbers within the spec's 2 to 17 digits.
 */
export function parsePhoneNumber(raw: unknown): { number: string } | { error: string } {
  if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim()))
    return { error: PHONE_MESSAGES.numberRequired };
  if (typeof raw !== 'string' || raw.length > 40) return { error: PHONE_MESSAGES.numberInvalid };
  const text = raw.trim();
  const parsed = parsePhoneNumberFromString(text, { defaultCallingCode: DEFAULT_CALLING_CODE });
  return parsed?.isValid() ? { number: parsed.number } : { error: PHONE_MESSAGES.numberInvalid };
}
