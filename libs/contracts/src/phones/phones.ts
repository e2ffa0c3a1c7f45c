import type { PhoneVerificationMethod } from '@tocsin/domain';
import type { PagePagination, PageQuery } from '../organization-admin/organization-admin';

/** GET|POST /phones, PUT /phones/{id}/verify|resend: one of the caller's numbers, in E.164. */
export interface Phone {
  id: string;
  number: string;
  verification_method: PhoneVerificationMethod;
  verified: boolean;
  created_at: string;
  updated_at: string;
}

/** GET /phones: 20 a page unless asked; `verified` keeps only verified (true) or unverified (false) numbers. */
export interface PhonesQuery extends PageQuery {
  verified?: boolean;
}

export interface PhonesResponse {
  data: Phone[];
  pagination: PagePagination;
}

/** `consent` only in simple verification mode, where it replaces the code (SPEC.md sections 4 and 5). */
export interface AddPhoneRequest {
  number: string;
  verification_method?: PhoneVerificationMethod;
  consent?: boolean;
}

export interface VerifyPhoneRequest {
  code: string;
}

export interface ResendPhoneRequest {
  verification_method?: PhoneVerificationMethod;
}

/** GET|POST /internal_api/v1/alternative_emails: an extra address, verified by an emailed link. */
export interface AlternativeEmail {
  id: string;
  email: string;
  verified: boolean;
  created_at: string;
}

export interface AddAlternativeEmailRequest {
  email: string;
}

/** The emailed link opens this web page, which asks the API to verify the token. */
export const alternativeEmailVerifyPath = (token: string) => `/alternative_emails/${token}/verify`;

/**
 * Server configuration the web app reads from `window` (SPEC.md section 4: simple verification is "a
 * window flag equal to the string true"). The api writes them into index.html as strings.
 */
export const WINDOW_FLAGS = { simplePhoneVerification: 'SIMPLE_PHONE_VERIFICATION' } as const;
