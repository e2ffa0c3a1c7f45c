import { DomainError } from '../shared/event';
import type { RegistrationCommand } from './commands';
import type { RegistrationEvent } from './events';
import type { RegistrationState } from './state';

/** How long a sign-up link works. */
export const REGISTRATION_LINK_HOURS = 24;

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
export function registrationLinkProblem(
  state: RegistrationState,
  tokenHash: string,
  now: string,
): RegistrationLinkProblem | null {
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
      return [
        {
          type: 'RegistrationStarted',
          data: { registrationId, email: command.email.trim().toLowerCase(), name: name.trim(), tokenHash, expiresAt },
        },
      ];
    }
    case 'CompleteRegistration': {
      const problem = registrationLinkProblem(state, command.tokenHash, command.now);
      if (problem)
        throw new DomainError(REGISTRATION_LINK_MESSAGES[problem], problem === 'invalid' ? 'not_found' : 'conflict');
      const { registrationId, userId, organizationId } = command;
      return [{ type: 'RegistrationCompleted', data: { registrationId, userId, organizationId } }];
    }
  }
}
