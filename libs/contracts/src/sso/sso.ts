import type { SsoDomainVerifier } from '@tocsin/domain';

/**
 * One email domain of the organization's single sign-on. Pending domains sign no one in until proven: the
 * owner publishes `record` (a DNS TXT record) and asks to verify, or an operator vouches for it.
 * `record` is null for a domain added before verification existed (saving the settings again gives one).
 */
export interface SsoDomainStatus {
  domain: string;
  status: 'pending' | 'verified';
  verified_by: SsoDomainVerifier | null;
  record: { type: 'TXT'; name: string; value: string } | null;
}
/** An organization's single sign-on as its owner sees it: the secret only as its last characters. */
export interface SsoSettings {
  issuer: string;
  client_id: string;
  client_secret_hint: string;
  /** Every domain listed, verified or not; `domain_statuses` tells which. */
  domains: string[];
  domain_statuses: SsoDomainStatus[];
  enabled: boolean;
  updated_at: string;
}
/** `data` null: single sign-on is not set up. */
export interface SsoSettingsResponse {
  data: SsoSettings | null;
}
/** `client_secret` may be left out to keep the stored one. */
export interface SsoSettingsRequest {
  issuer: string;
  client_id: string;
  client_secret?: string;
  domains: string[];
  enabled: boolean;
}
export interface SsoDomainVerifyRequest {
  by?: SsoDomainVerifier;
}
/** POST /sessions/sso: answers the identity provider's address for this email's organization. */
export interface SsoSignInRequest {
  email: string;
}
/** The sign-in page reads a failed single sign-on from this query parameter. */
export const SSO_ERROR_PARAM = 'sso_error';
