import type { ApiKeyEvent } from './events';

export interface ApiKeyState {
  status: 'absent' | 'active' | 'revoked';
  orgId: string | null;
  ownerId: string | null;
  secretHash: string | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

export const initialApiKey = (): ApiKeyState => ({
  status: 'absent',
  orgId: null,
  ownerId: null,
  secretHash: null,
  expiresAt: null,
  lastUsedAt: null,
});

export function evolveApiKey(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyCreated': {
      const { orgId, ownerId, secretHash, expiresAt } = event.data;
      return { ...initialApiKey(), status: 'active', orgId, ownerId, secretHash, expiresAt };
    }
    case 'ApiKeyRotated':
      return { ...state, secretHash: event.data.secretHash };
    case 'ApiKeyRevoked':
      return { ...state, status: 'revoked' };
    case 'ApiKeyUsed':
      return { ...state, lastUsedAt: event.data.at };
  }
}
