import { DomainError } from '../shared/event';

/**
 * Sign-up in two steps (SPEC.md section 2: /registrations/new, then /registrations/{id}/complete). Step one
 * records who asked and mails a single-use link; step two proves the mailbox by following it and creates the
 * account. One stream per registration; `tokenHash` is the SHA-256 of the emailed token (never the token).
 */
export type RegistrationStarted = {
  type: 'RegistrationStarted';
  data: { registrationId: string; email: string; name: string; tokenHash: string; expiresAt: string };
};
export type RegistrationCompleted = { type: 'RegistrationCompleted'; data: { registrationId: string; userId: string; organizationId: string } };
export type RegistrationEvent = RegistrationStarted | RegistrationCompleted;

export const registrationStream = (registrationId: string) => `registration-${registrationId}`;

/** How long a sign-up link works. */
export const REGISTRATION_LINK_HOURS = 24;

export interface RegistrationState {
  status: 'none' | 'pending' | 'completed';
  email: string;
  name: string;
  tokenHash: string;
  expiresAt: string;
}

export type RegistrationCommand =
  | { type: 'StartRegistration'; registrationId: string; email: string; name: string; tokenHash: string; expiresAt: string }
  | { type: 'CompleteRegistration'; registrationId: string; tokenHash: string; userId: string; organizationId: string; now: string };

export const initialRegistration = (): RegistrationState => ({ status: 'none', email: '', name: '', tokenHash: '', expiresAt: '' });

export function evolveRegistration(state: RegistrationState, event: RegistrationEvent): RegistrationState {
  switch (event.type) {
    case 'RegistrationStarted': {
      const { email, name, tokenHash, expiresAt } = event.data;
      return { status: 'pending', email, name, tokenHash, expiresAt };
    }
    case 'RegistrationCompleted':
      return { ...state, status: 'completed' };
  }
}

export type RegistrationLinkProblem = 'invalid' | 'expired' | 'used';

/** What the page says for a link that cannot complete a sign-up; each offers to start again. */
export const REGISTRATION_LINK_MESSAGES: Record<RegistrationLinkProblem, string> = {
  invalid: 'This sign-up link is not valid. Start again to get a new link.',
  expired: 'This sign-up link has expired. Start again to get a new link.',
  used: 'This sign-up link has already been used. Sign in, or start again to get a new link.',
};

/**
 * Why a link cannot complete the registration, or null when it can. A wrong token says only "invalid":
 * whether the registration exists, expired or was used is told only to the holder of its token.
 */
export function registrationLinkProblem(state: RegistrationState, tokenHash: string, now: string): RegistrationLinkProblem | null {
  if (state.status === 'none' || state.tokenHash !== tokenHash) return 'invalid';
  if (state.status === 'completed') return 'used';
  if (Date.parse(state.expiresAt) <= Date.parse(now)) return 'expired';
  return null;
}

export function decideRegistration(command: RegistrationCommand, state: RegistrationState): RegistrationEvent[] {
  switch (command.type) {
    case 'StartRegistration': {
      if (state.status !== 'none') throw new DomainError('This registration has already been started', 'conflict');
      const { registrationId, name, tokenHash, expiresAt } = command;
      return [{ type: 'RegistrationStarted', data: { registrationId, email: command.email.trim().toLowerCase(), name: name.trim(), tokenHash, expiresAt } }];
    }
    case 'CompleteRegistration': {
      const problem = registrationLinkProblem(state, command.tokenHash, command.now);
      if (problem) throw new DomainError(REGISTRATION_LINK_MESSAGES[problem], problem === 'invalid' ? 'not_found' : 'conflict');
      const { registrationId, userId, organizationId } = command;
      return [{ type: 'RegistrationCompleted', data: { registrationId, userId, organizationId } }];
    }
  }
}
