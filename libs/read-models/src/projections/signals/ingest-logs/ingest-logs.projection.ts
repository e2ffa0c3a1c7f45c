import type { PayloadReceived } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import { ingestLogsView, type IngestLogDoc } from '../../../signals/ingest-logs.read-model';

/**
 * Each payload received is one entry; entries are never changed after. Bounded (INGEST_LOG_RETENTION): as
 * payloads are folded, entries older than the bound before the newest, or beyond an organization's newest
 * entries, are dropped in the same commit.
 */
export const ingestLogsProjection: Projection<IngestLogDoc> = {
  name: ingestLogsView.name,
  version: 1,
  collection: ingestLogsView.collection,
  indexes: ingestLogsView.indexes,
  handles: ['PayloadReceived'],
  documentIds: (event) => [(event.data as PayloadReceived['data']).payloadId],
  evolve(_doc, recorded: RecordedEvent) {
    const { payloadId, orgId, sourceId, format, receivedAt, outcome, results, message, errors, excerpt } =
      recorded.data as PayloadReceived['data'];
    return {
      _id: payloadId,
      orgId,
      sourceId,
      format,
      outcome,
      outcomes: [...new Set([outcome, ...results.map((r) => r.outcome)])],
      results,
      message: message ?? null,
      errors: errors ?? [],
      excerpt: excerpt ?? null,
      received_at: receivedAt,
      position: recorded.position,
    };
  },
  expired(reader, events) {
    const data = events.map((event) => event.data as PayloadReceived['data']);
    const newestAt = data.reduce((newest, entry) => (entry.receivedAt > newest ? entry.receivedAt : newest), '');
    return ingestLogsView.expired(
      reader,
      newestAt,
      data.map((entry) => entry.orgId),
    );
  },
};
