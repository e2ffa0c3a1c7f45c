import { ViewNames } from '@tocsin/contracts';
import type { IngestOutcome, IngestResult } from '@tocsin/domain';
import { pageOf, readModel, type Filter, type ViewDocument, type ViewReader } from '../read-model';

/** One document per payload received (its id the payload's), newest first in the log screen. */
export interface IngestLogDoc extends ViewDocument {
  orgId: string;
  sourceId: string;
  format: string;
  outcome: IngestOutcome;
  /** Every outcome of its results (and its own), so a filter on one finds groups holding it. */
  outcomes: IngestOutcome[];
  results: IngestResult[];
  message: string | null;
  errors: string[];
  excerpt: string | null;
  received_at: string;
  /** The global log position: orders payloads received in the same millisecond. */
  position: number;
}

const model = readModel<IngestLogDoc>({
  name: ViewNames.ingestLogs,
  collection: 'ingest_logs',
  indexes: [
    { keys: { orgId: 1, position: -1 } },
    { keys: { orgId: 1, sourceId: 1, position: -1 } },
    { keys: { received_at: 1 } },
  ],
});

/**
 * The ingest log view is bounded (README "Ingest"): per organization its newest entries, none older than a
 * week before the newest payload folded. The PayloadReceived events stay in the log; the view drops the rest
 * as it folds new ones (ingestLogsProjection.expired).
 */
export const INGEST_LOG_RETENTION = { maxAgeDays: 7, perOrganization: 10_000 } as const;
/** Entries dropped in one commit at most: a backlog (a lowered bound, a long replay) is worked off over several. */
const DROPPED_AT_ONCE = 5_000;

export const ingestLogsView = {
  ...model,
  page: (
    reader: ViewReader,
    orgId: string,
    query: { sourceId?: string; outcome?: string; page: number; perPage: number },
  ) => {
    const filter: Filter = { orgId };
    if (query.sourceId) filter.sourceId = query.sourceId;
    if (query.outcome) filter.outcomes = query.outcome;
    return pageOf(model, reader, filter, { position: -1 }, query.page, query.perPage);
  },
  /** Ids of entries beyond the bounds, given the newest payload's time and the organizations that just sent. */
  async expired(
    reader: Pick<ViewReader, 'find' | 'count'>,
    newestAt: string,
    orgIds: Iterable<string>,
    retention: { maxAgeDays: number; perOrganization: number } = INGEST_LOG_RETENTION,
  ): Promise<string[]> {
    const cutoff = new Date(Date.parse(newestAt) - retention.maxAgeDays * 86_400_000).toISOString();
    const ids = new Set(
      (
        await reader.find<IngestLogDoc>(
          model.collection,
          { received_at: { $lt: cutoff } },
          { sort: { position: 1 }, limit: DROPPED_AT_ONCE },
        )
      ).map((doc) => doc._id),
    );
    for (const orgId of new Set(orgIds)) {
      if ((await reader.count(model.collection, { orgId })) <= retention.perOrganization) continue;
      const beyond = await reader.find<IngestLogDoc>(
        model.collection,
        { orgId },
        { sort: { position: -1 }, skip: retention.perOrganization, limit: DROPPED_AT_ONCE },
      );
      for (const doc of beyond) ids.add(doc._id);
    }
    return [...ids];
  },
};
