import type { RegistrationEvent } from './events';

export interface RegistrationState {
  status: 'none' | 'pending' | 'completed';
  email: string;
  name: string;
  tokenHash: string;
  expiresAt: string;
}

export const initialRegistration = (): RegistrationState => ({
  status: 'none',
  email: '',
  name: '',
  tokenHash: '',
  expiresAt: '',
});

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
