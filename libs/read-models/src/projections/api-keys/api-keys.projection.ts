import type { ApiKeyEvent } from '@tocsin/domain';
import { apiKeysView, type ApiKeyDoc } from '../../api-keys.read-model';
import type { Projection, RecordedEvent } from '../../projection';

export const apiKeysProjection: Projection<ApiKeyDoc> = {
  name: apiKeysView.name,
  version: 1,
  collection: apiKeysView.collection,
  indexes: apiKeysView.indexes,
  handles: ['ApiKeyCreated', 'ApiKeyRotated', 'ApiKeyRevoked', 'ApiKeyUsed'],
  documentIds: (event) => [(event.data as { keyId: string }).keyId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as ApiKeyEvent;
    const updated_at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'ApiKeyCreated': {
        const { keyId, at, ...data } = event.data;
        return {
          _id: keyId,
          ...data,
          sortName: data.name.toLowerCase(),
          previousSecretHash: null,
          previousValidUntil: null,
          revokedAt: null,
          lastUsedAt: null,
          lastUsedAddress: null,
          created_at: at,
          updated_at,
        };
      }
      case 'ApiKeyRotated': {
        const { secretHash, secretHint, previousSecretHash, previousValidUntil } = event.data;
        return doc && { ...doc, secretHash, secretHint, previousSecretHash, previousValidUntil, updated_at };
      }
      case 'ApiKeyRevoked':
        return doc && { ...doc, revokedAt: event.data.at, updated_at };
      case 'ApiKeyUsed':
        return doc && { ...doc, lastUsedAt: event.data.at, lastUsedAddress: event.data.address };
    }
  },
};
