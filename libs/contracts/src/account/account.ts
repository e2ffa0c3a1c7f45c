/** The account area (SPEC.md section 2 "Account area", section 3 password form and linked accounts). */

export interface AccountProfile {
  id: string;
  name: string;
  email: string;
  avatarUrl: string;
  /** A new sign-in email waiting for the user to follow the link sent to it; null when none (or expired). */
  pendingEmail: string | null;
}

/** POST /api/v1/account/email_change: the new address and, since it hands over the account, the current password. */
export interface EmailChangeRequest {
  email: string;
  current_password: string;
}

/** The public page the confirmation link opens; it posts the token to /api/v1/account/email_change/{token}. */
export const emailChangeConfirmPath = (token: string) => `/email_changes/${token}/confirm`;

/** PATCH /api/v1/account: the signed-in person's profile. */
export interface ProfileRequest {
  name: string;
}

/** PUT /api/v1/account/password (SPEC.md section 3, password form). */
export interface ChangePasswordRequest {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** POST /forgot_passwords: answers the same whether or not the address has an account. */
export interface ForgotPasswordRequest {
  email: string;
}

/** POST /password_resets/{token}. */
export interface ResetPasswordRequest {
  password: string;
  password_confirmation: string;
}

/** PUT /api/v1/account/default_organization. */
export interface DefaultOrganizationRequest {
  default_organization_id: string;
}

/** A third-party account the user can link; `auth_url` + '/for_authorization' starts the link. */
export interface OauthProvider {
  integration_name: string;
  linked: boolean;
  auth_url: string;
}

export const DEFAULT_AVATAR_IMAGE = 'thumb100.png';

/** SPEC.md section 3: avatars are at /avatars/{userId}/{imageName}, default thumb100.png. */
export const avatarPath = (userId: string, imageName: string | null | undefined) =>
  `/avatars/${userId}/${imageName ?? DEFAULT_AVATAR_IMAGE}`;

export const calendarPath = (token: string) => `/calendars/${token}.ics`;
/** POST: a new calendar subscription address (the old one stops working), answered once as `{ data: { url } }`. */
export const CALENDAR_TOKEN_API = '/api/v1/me/calendar_token';
