import type { EventSourceEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import { eventSourcesView, type EventSourceDoc } from '../../../signals/event-sources.read-model';

export const eventSourcesProjection: Projection<EventSourceDoc> = {
  name: eventSourcesView.name,
  version: 1,
  collection: eventSourcesView.collection,
  indexes: eventSourcesView.indexes,
  handles: [
    'EventSourceCreated',
    'EventSourceChanged',
    'EventSourceTokenRotated',
    'EventSourceSigningSecretChanged',
    'EventSourceDeleted',
  ],
  documentIds: (event) => [(event.data as { sourceId: string }).sourceId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as EventSourceEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'EventSourceCreated': {
        const { sourceId, ...data } = event.data;
        return { _id: sourceId, ...data, sortName: data.name.toLowerCase(), created_at: at, updated_at: at };
      }
      case 'EventSourceChanged': {
        const { sourceId: _id, ...settings } = event.data;
        return doc && { ...doc, ...settings, sortName: settings.name.toLowerCase(), updated_at: at };
      }
      case 'EventSourceTokenRotated':
        return doc && { ...doc, tokenHash: event.data.tokenHash, tokenHint: event.data.tokenHint, updated_at: at };
      case 'EventSourceSigningSecretChanged':
        return doc && { ...doc, signingSecret: event.data.signingSecret, updated_at: at };
      case 'EventSourceDeleted':
        return null;
    }
  },
};
