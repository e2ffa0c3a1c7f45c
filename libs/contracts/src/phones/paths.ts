/**
 * SPEC.md section 7 puts the calls at /phones; they answer at /api/v1/phones too (an older prefix of the web's),
 * with the same session, CSRF and validation rules. The web calls the spec's paths.
 */
export const PHONES_API = '/phones';
export const phonePath = (phoneId: string) => `${PHONES_API}/${encodeURIComponent(phoneId)}`;
export const phoneVerifyPath = (phoneId: string) => `${phonePath(phoneId)}/verify`;
export const phoneResendPath = (phoneId: string) => `${phonePath(phoneId)}/resend`;

export const ALTERNATIVE_EMAILS_API = '/internal_api/v1/alternative_emails';
export const alternativeEmailPath = (emailId: string) => `${ALTERNATIVE_EMAILS_API}/${encodeURIComponent(emailId)}`;
export const alternativeEmailResendPath = (emailId: string) => `${alternativeEmailPath(emailId)}/resend`;
export const alternativeEmailVerifyApiPath = (token: string) =>
  `${ALTERNATIVE_EMAILS_API}/verify/${encodeURIComponent(token)}`;
