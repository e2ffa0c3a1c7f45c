import type { IssuedPhoneCode } from './events';

/**
 * `number` arrives already parsed to E.164 by the API (parsing needs a phone library, the domain
 * imports none); the decider still refuses anything that is not E.164. `method` and `consent` arrive
 * as the client sent them.
 */
export type AddPhone = {
  type: 'AddPhone';
  phoneId: string;
  userId: string;
  number: string;
  method: unknown;
  code: IssuedPhoneCode;
};
/** Simple-verification mode: the number is verified by opting in, no code is sent. */
export type AddConsentedPhone = {
  type: 'AddConsentedPhone';
  phoneId: string;
  userId: string;
  number: string;
  method: unknown;
  consent: unknown;
};
export type ResendPhoneCode = {
  type: 'ResendPhoneCode';
  phoneId: string;
  userId: string;
  method: unknown;
  code: IssuedPhoneCode;
};
/** `codeHash`: the entered code hashed with the current code's salt (the handler read it). */
export type VerifyPhone = { type: 'VerifyPhone'; phoneId: string; userId: string; codeHash: string; now: string };
export type RemovePhone = { type: 'RemovePhone'; phoneId: string; userId: string };

export type PhoneCommand = AddPhone | AddConsentedPhone | ResendPhoneCode | VerifyPhone | RemovePhone;
