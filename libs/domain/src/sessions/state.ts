import type { SessionEvent } from './events';

export interface SessionState {
  status: 'none' | 'active' | 'ended';
}

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
