import { DomainError } from '../shared/event';
import type { SessionEndReason, SessionEvent } from './events';

export interface SessionState {
  status: 'none' | 'active' | 'ended';
}

export type SessionCommand =
  | { type: 'StartSession'; sessionKey: string; userId: string; organizationId: string; expiresAt: string; staff: boolean }
  | { type: 'SwitchOrganization'; sessionKey: string; organizationId: string; isMember: boolean }
  | { type: 'EndSession'; sessionKey: string; reason: SessionEndReason };

export const initialSession = (): SessionState => ({ status: 'none' });

export function evolveSession(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionStarted':
      return { status: 'active' };
    case 'SessionOrganizationSwitched':
      return state;
    case 'SessionEnded':
      return { status: 'ended' };
  }
}

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
      return [{ type: 'SessionOrganizationSwitched', data: { sessionKey: command.sessionKey, organizationId: command.organizationId } }];
    case 'EndSession':
      return state.status === 'active' ? [{ type: 'SessionEnded', data: { sessionKey: command.sessionKey, reason: command.reason } }] : [];
  }
}
