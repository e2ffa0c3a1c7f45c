import { heartbeatDueAt, type HeartbeatEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import { heartbeatsView, type HeartbeatDoc } from '../../../signals/heartbeats.read-model';

/** The document with its due time worked out again (after a beat, a change of period, the creation). */
const withDueAt = (doc: HeartbeatDoc): HeartbeatDoc => ({
  ...doc,
  dueAt:
    heartbeatDueAt({
      createdAt: doc.created_at,
      lastBeatAt: doc.lastBeatAt,
      settings: { intervalMinutes: doc.intervalMinutes, graceMinutes: doc.graceMinutes },
    }) ?? 0,
});

export const heartbeatsProjection: Projection<HeartbeatDoc> = {
  name: heartbeatsView.name,
  version: 1,
  collection: heartbeatsView.collection,
  indexes: heartbeatsView.indexes,
  handles: [
    'HeartbeatCreated',
    'HeartbeatChanged',
    'HeartbeatTokenRotated',
    'HeartbeatDeleted',
    'HeartbeatBeat',
    'HeartbeatMissed',
    'HeartbeatRecovered',
  ],
  documentIds: (event) => [(event.data as { heartbeatId: string }).heartbeatId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as HeartbeatEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'HeartbeatCreated': {
        const { heartbeatId, at: createdAt, ...data } = event.data;
        const base = { _id: heartbeatId, ...data, sortName: data.name.toLowerCase(), lastBeatAt: null, missedAt: null };
        return withDueAt({ ...base, dueAt: 0, created_at: createdAt, updated_at: at });
      }
      case 'HeartbeatChanged': {
        const { heartbeatId: _id, ...settings } = event.data;
        return doc && withDueAt({ ...doc, ...settings, sortName: settings.name.toLowerCase(), updated_at: at });
      }
      case 'HeartbeatTokenRotated':
        return doc && { ...doc, tokenHash: event.data.tokenHash, tokenHint: event.data.tokenHint, updated_at: at };
      case 'HeartbeatDeleted':
        return null;
      case 'HeartbeatBeat':
        return doc && withDueAt({ ...doc, lastBeatAt: event.data.at });
      case 'HeartbeatMissed':
        return doc && { ...doc, missedAt: event.data.at };
      case 'HeartbeatRecovered':
        return doc && { ...doc, missedAt: null };
    }
  },
};
