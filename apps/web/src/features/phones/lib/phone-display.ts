import { formatPhoneNumberIntl } from 'react-phone-number-input/min';

/** '+14155552671' as '+1 415 555 2671'; the small metadata is enough to format (the dialogs validate with the full one). */
export const displayNumber = (number: string): string => formatPhoneNumberIntl(number) || number;
