import type { PendingCode } from '../phones/codes';
import type { ChatDestinationKind } from './constants';
import type { ChatDestinationEvent } from './events';

export interface ChatDestinationState {
  /** 'removed' keeps the id taken. */
  status: 'absent' | 'active' | 'removed';
  userId: string | null;
  kind: ChatDestinationKind | null;
  verified: boolean;
  code: PendingCode | null;
  /** When each code was sent, for the hourly limit. */
  sentAt: string[];
}

export const initialChatDestination = (): ChatDestinationState => ({
  status: 'absent',
  userId: null,
  kind: null,
  verified: false,
  code: null,
  sentAt: [],
});

export function evolveChatDestination(state: ChatDestinationState, event: ChatDestinationEvent): ChatDestinationState {
  switch (event.type) {
    case 'ChatDestinationAdded':
      return { ...state, status: 'active', userId: event.data.userId, kind: event.data.kind };
    case 'ChatDestinationCodeSent': {
      const { salt, codeHash, expiresAt, sentAt } = event.data;
      return { ...state, code: { salt, codeHash, expiresAt, failures: 0 }, sentAt: [...state.sentAt, sentAt] };
    }
    case 'ChatDestinationVerificationFailed':
      return state.code ? { ...state, code: { ...state.code, failures: event.data.attempts } } : state;
    case 'ChatDestinationVerified':
      return { ...state, verified: true, code: null };
    case 'ChatDestinationRemoved':
      return { ...state, status: 'removed', code: null };
  }
}
