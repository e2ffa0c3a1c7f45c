/** An organization's single sign-on as its owner sees it: the secret only as its last characters. */
export interface SsoSettings {
  issuer: string;
  client_id: string;
  client_secret_hint: string;
  domains: string[];
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
export const SSO_API = '/api/v1/organization/sso';
/** The sign-in page reads a failed single sign-on from this query parameter. */
export const SSO_ERROR_PARAM = 'sso_error';
