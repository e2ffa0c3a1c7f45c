import type { EventMetadata } from '@tocsin/domain';
import type { ViewDocument, ViewIndex, ViewReader } from './read-model';

/**
 * An event as the log hands it to a projection. Declared here (not imported) because read models sit below
 * the platform: its event stores record exactly this shape, and its runner folds the projections below.
 */
export interface RecordedEvent<Data = unknown> {
  id: string;
  stream: string;
  type: string;
  /** 0-based position inside the stream. */
  revision: number;
  /** Position in the global log; strictly increasing, not necessarily dense. */
  position: number;
  data: Data;
  metadata: EventMetadata;
  /** When the store recorded it (ISO-8601). */
  recordedAt: string;
}

/**
 * What fills a view: a pure `evolve(doc, event) -> doc | null` over one collection (null deletes).
 * `documentIds` says which documents an event touches. Bump `version` when evolve changes: the runner
 * (libs/platform) then rebuilds the view from zero. The same shape as the platform's Projection.
 */
export interface Projection<Doc extends ViewDocument = ViewDocument> {
  name: string;
  version: number;
  collection: string;
  /** The read model's declared indexes: the runner makes them before it folds. */
  indexes: readonly ViewIndex[];
  /** Event types this view reads; others are skipped without loading anything. */
  handles: readonly string[];
  documentIds(event: RecordedEvent): string[];
  evolve(doc: Doc | null, event: RecordedEvent): Doc | null;
  /**
   * A bounded view (the ingest log): the ids of documents to drop as the view moves on, read before a batch
   * it handles is committed and deleted in the same commit. Given the batch's events it handles; decides by
   * them (their times), not by the clock, so a replay keeps what live folding kept.
   */
  expired?(reader: Pick<ViewReader, 'find' | 'count'>, events: readonly RecordedEvent[]): Promise<string[]>;
}
