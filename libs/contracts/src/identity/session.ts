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

/** POST /registrations (sign-up, step one): answers 202 with REGISTRATION_STARTED, known address or not. */
export interface RegistrationRequest {
  name: string;
  email: string;
}

export const REGISTRATION_STARTED = 'Check your email: we sent you a link to finish creating your account. It works once, for 24 hours.';

/** GET /api/v1/registrations/{id}?token=: the pending sign-up the emailed link names. */
export interface RegistrationPreview {
  id: string;
  email: string;
  name: string;
}

/** POST /registrations/{id}/complete (sign-up, step two: a new user owning a new organization, signed in). */
export interface CompleteRegistrationRequest {
  token: string;
  password: string;
  password_confirmation: string;
  organization_name: string;
}

/** The cookie and header of the double-submit CSRF check on every cookie-authenticated mutation. */
export const CSRF_COOKIE = 'tocsin_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'tocsin_session';
/** localStorage key that synchronizes sign-in state across tabs (SPEC.md section 4). */
export const LOGGED_IN_STORAGE_KEY = 'logged_in';
