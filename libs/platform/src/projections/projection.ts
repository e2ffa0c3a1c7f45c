import type { RecordedEvent } from '../event-store/event-store.port';
import type { IndexSpec, ReadStore, ViewDocument } from '../read-store/read-store.port';

/**
 * A read model: a pure `evolve(doc, event) -> doc | null` over one collection (null deletes).
 * `documentIds` says which documents an event touches. Bump `version` when evolve changes: the
 * projector then rebuilds the view from zero.
 */
export interface Projection<Doc extends ViewDocument = ViewDocument> {
  name: string;
  version: number;
  collection: string;
  /** The indexes its readers rely on (the read model's), made by the runner before it folds. */
  indexes?: readonly IndexSpec[];
  /** Event types this view reads; others are skipped without loading anything. */
  handles: readonly string[];
  documentIds(event: RecordedEvent): string[];
  evolve(doc: Doc | null, event: RecordedEvent): Doc | null;
  /**
   * A bounded view (the ingest log): the ids of documents to drop as the view moves on, read before a batch
   * it handles is committed and deleted in the same commit. Given the batch's events it handles; decides by
   * them (their times), not by the clock, so a replay keeps what live folding kept. Runs at most every
   * `EXPIRY_INTERVAL_MS` per store and view.
   */
  expired?(reader: Pick<ReadStore, 'find' | 'count'>, events: readonly RecordedEvent[]): Promise<string[]>;
}

/** How often a bounded view looks for what to drop: what it holds beyond its bound is at most this much traffic. */
export const EXPIRY_INTERVAL_MS = 10_000;

/** Notice that a view changed, pushed to browsers showing it. */
export interface ViewChange {
  view: string;
  ids: string[];
  orgId: string | null;
  position: number;
}

export type ViewChangeSink = (changes: ViewChange[]) => void;
