import { DomainError } from '../shared/event';
import type { SessionCommand } from './commands';
import type { SessionEvent } from './events';
import type { SessionState } from './state';

export function decideSession(command: SessionCommand, state: SessionState): SessionEvent[] {
  switch (command.type) {
    case 'StartSession': {
      if (state.status !== 'none') throw new DomainError('Session already exists', 'conflict');
      const { sessionKey, userId, organizationId, expiresAt, staff } = command;
      return [{ type: 'SessionStarted', data: { sessionKey, userId, organizationId, expiresAt, staff } }];
    }
    case 'SwitchOrganization':
      if (state.status !== 'active') throw new DomainError('You are signed out. Sign in again.', 'forbidden');
      if (!command.isMember) throw new DomainError('Organization not found', 'not_found');
      return [
        {
          type: 'SessionOrganizationSwitched',
          data: { sessionKey: command.sessionKey, organizationId: command.organizationId },
        },
      ];
    case 'EndSession':
      return state.status === 'active'
        ? [{ type: 'SessionEnded', data: { sessionKey: command.sessionKey, reason: command.reason } }]
        : [];
  }
}
