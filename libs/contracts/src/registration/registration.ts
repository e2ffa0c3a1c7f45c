// Sign-up: SPEC.md section 2, /registrations/new and /registrations/{id}/complete.

/** POST /registrations (sign-up, step one): answers 202 with REGISTRATION_STARTED, known address or not. */
export interface RegistrationRequest {
  name: string;
  email: string;
}

export const REGISTRATION_STARTED =
  'Check your email: we sent you a link to finish creating your account. It works once, for 24 hours.';

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
