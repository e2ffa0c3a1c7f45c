export const SSO_API = '/api/v1/organization/sso';
/** POST: checks the domain's TXT record (or, `{ by: 'operator' }` in a staff session, vouches for it). */
export const ssoDomainVerifyPath = (domain: string) => `${SSO_API}/domains/${encodeURIComponent(domain)}/verify`;
/** POST: answers the identity provider's address for an email's organization. */
export const SSO_SIGN_IN_API = '/sessions/sso';
