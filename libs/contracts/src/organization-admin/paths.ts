/** The organization's settings, members, invitations and entitlements. */
export const ORGANIZATION_API = '/api/v1/organization';
export const FEATURE_FLAGS_API = `${ORGANIZATION_API}/feature_flags`;
export const featureFlagPath = (flag: string) => `${FEATURE_FLAGS_API}/${encodeURIComponent(flag)}`;
export const ORGANIZATION_ROLES_API = '/api/v1/organization_roles';
export const ENTITLEMENTS_API = '/api/v1/entitlements';
export const USERS_API = '/api/v1/users';
export const userPath = (userId: string) => `${USERS_API}/${encodeURIComponent(userId)}`;
/** Sent by the organization; an invitation's token also reads and accepts it (registration). */
export const INVITATIONS_API = '/api/v1/invitations';
export const invitationPath = (idOrToken: string) => `${INVITATIONS_API}/${encodeURIComponent(idOrToken)}`;
export const invitationAcceptPath = (token: string) => `${invitationPath(token)}/accept`;
