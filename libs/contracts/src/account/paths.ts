/** The signed-in person's own account. */
export const ACCOUNT_API = '/api/v1/account';
export const ACCOUNT_PASSWORD_API = `${ACCOUNT_API}/password`;
export const ACCOUNT_AVATAR_API = `${ACCOUNT_API}/avatar`;
export const ACCOUNT_DEFAULT_ORGANIZATION_API = `${ACCOUNT_API}/default_organization`;
export const EMAIL_CHANGE_API = `${ACCOUNT_API}/email_change`;
export const emailChangeApiPath = (token: string) => `${EMAIL_CHANGE_API}/${encodeURIComponent(token)}`;
export const OAUTH_PROVIDERS_API = '/internal_api/v1/oauth_providers';
