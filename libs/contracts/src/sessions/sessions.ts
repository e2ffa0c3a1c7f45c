import type { FeatureFlag, Permission, Role, Tier } from '@tocsin/domain';

/** GET /api/v1/me: who is signed in, in which organization, with what rights. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  owner: boolean;
  ssoEnabled: boolean;
  isAdminUser: boolean;
  isStaffSession: boolean;
  defaultOrganization: string | null;
  featureFlagIdentity: { account_created_at: string };
  avatarUrl: string;
}

export interface CurrentOrganization {
  id: string;
  name: string;
  icalUrl: string;
  account: { id: string; name: string; tier: Tier };
}

export interface MeResponse {
  data: {
    user: CurrentUser;
    organization: CurrentOrganization;
    organizations: Array<{ id: string; name: string; role: Role; isDefault: boolean }>;
    permissions: Permission[];
    featureFlags: Partial<Record<FeatureFlag, boolean>>;
    metadata: { onboarding_complete: boolean };
  };
}

/** POST /sessions (sign in). */
export interface SignInRequest {
  email: string;
  password: string;
}

/** PUT /api/v1/me/organization: act in another of the caller's organizations. */
export interface SwitchOrganizationRequest {
  organization_id: string;
}

/** The cookie and header of the double-submit CSRF check on every cookie-authenticated mutation. */
export const CSRF_COOKIE = 'tocsin_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'tocsin_session';
/** localStorage key that synchronizes sign-in state across tabs (SPEC.md section 4). */
export const LOGGED_IN_STORAGE_KEY = 'logged_in';
