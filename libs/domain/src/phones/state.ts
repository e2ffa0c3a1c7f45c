import type { PendingCode } from './codes';
import type { PhoneVerificationMethod } from './constants';
import type { PhoneEvent } from './events';

export interface PhoneState {
  /** 'removed' keeps the id taken: a removed phone's id is never reused. */
  status: 'absent' | 'active' | 'removed';
  userId: string | null;
  number: string | null;
  method: PhoneVerificationMethod;
  verified: boolean;
  /** The one code that can verify the number; a new code replaces it. */
  code: PendingCode | null;
  /** When each code was sent, for the hourly limit. */
  sentAt: string[];
}

export const initialPhone = (): PhoneState => ({
  status: 'absent',
  userId: null,
  number: null,
  method: 'sms',
  verified: false,
  code: null,
  sentAt: [],
});

export function evolvePhone(state: PhoneState, event: PhoneEvent): PhoneState {
  switch (event.type) {
    case 'PhoneAdded':
      return {
        ...state,
        status: 'active',
        userId: event.data.userId,
        number: event.data.number,
        method: event.data.method,
      };
    case 'PhoneVerificationSent': {
      const { salt, codeHash, expiresAt, sentAt, method } = event.data;
      return { ...state, method, code: { salt, codeHash, expiresAt, failures: 0 }, sentAt: [...state.sentAt, sentAt] };
    }
    case 'PhoneVerificationFailed':
      return state.code ? { ...state, code: { ...state.code, failures: event.data.attempts } } : state;
    case 'PhoneVerified':
      return { ...state, verified: true, code: null };
    case 'PhoneRemoved':
      return { ...state, status: 'removed', code: null };
  }
}
