/**
 * Sign-up in two steps (SPEC.md section 2: /registrations/new, then /registrations/{id}/complete). Step one
 * records who asked and mails a single-use link; step two proves the mailbox by following it and creates the
 * account. One stream per registration; `tokenHash` is the SHA-256 of the emailed token (never the token).
 */
export type RegistrationStarted = {
  type: 'RegistrationStarted';
  data: { registrationId: string; email: string; name: string; tokenHash: string; expiresAt: string };
};
export type RegistrationCompleted = {
  type: 'RegistrationCompleted';
  data: { registrationId: string; userId: string; organizationId: string };
};
export type RegistrationEvent = RegistrationStarted | RegistrationCompleted;

export const registrationStream = (registrationId: string) => `registration-${registrationId}`;
