import type { RecordedEvent } from '@tocsin/domain';
import type { ViewDocument, ViewIndex, ViewReader } from './read-model';

export type { RecordedEvent };

/**
 * What fills a view: a pure `evolve(doc, event) -> doc | null` over one collection (null deletes).
 * `documentIds` says which documents an event touches. Bump `version` when evolve changes: the runner
 * (libs/platform) then rebuilds the view from zero. Declared here (not imported) because read models sit
 * below the platform: the platform's Projection has the same shape, and its runner folds these.
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
