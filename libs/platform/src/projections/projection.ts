import type { RecordedEvent } from '../event-store/event-store.port';
import type { ViewDocument } from '../read-store/read-store.port';

/**
 * A read model: a pure `evolve(doc, event) -> doc | null` over one collection (null deletes).
 * `documentIds` says which documents an event touches. Bump `version` when evolve changes: the
 * projector then rebuilds the view from zero.
 */
export interface Projection<Doc extends ViewDocument = ViewDocument> {
  name: string;
  version: number;
  collection: string;
  /** Event types this view reads; others are skipped without loading anything. */
  handles: readonly string[];
  documentIds(event: RecordedEvent): string[];
  evolve(doc: Doc | null, event: RecordedEvent): Doc | null;
}

/** Notice that a view changed, pushed to browsers showing it. */
export interface ViewChange {
  view: string;
  ids: string[];
  orgId: string | null;
  position: number;
}

export type ViewChangeSink = (changes: ViewChange[]) => void;
