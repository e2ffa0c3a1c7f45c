/** Signing in and out (SPEC.md section 7: at the root), who is signed in, and in which organization. */
export const SESSIONS_API = '/sessions';
export const ME_API = '/api/v1/me';
export const ME_ORGANIZATION_API = `${ME_API}/organization`;
