/** A read-model document. Every document carries its tenant (`orgId`) unless it is global. */
export interface ViewDocument {
  _id: string;
  [field: string]: unknown;
}

/** MongoDB query semantics (filters like `{ orgId, priority: { $in: [...] } }`). */
export type Filter = Record<string, unknown>;

export interface FindOptions {
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
  /**
   * The caller only reads the documents and never changes them (the projection runner, whose
   * projections are pure): an in-process store may hand out its own objects instead of copies.
   * Adapters whose reads always produce fresh objects ignore it.
   */
  shared?: boolean;
  /**
   * Only these top-level fields of each document (and `_id`), as a MongoDB projection: a reader that needs a few
   * small fields of documents that also hold long lists neither copies nor receives the lists.
   */
  fields?: readonly string[];
}

export interface CommitOptions {
  /**
   * The caller gives the documents up: it drops them after the commit and never changes them (nor
   * anything they share with documents it read). An in-process store may then keep them as they are.
   */
  handOver?: boolean;
}

export type WriteOp =
  { op: 'put'; collection: string; doc: ViewDocument } | { op: 'delete'; collection: string; id: string };

/** Fields a view is looked up by, as a MongoDB index (1 ascending, -1 descending): a view's declared index. */
export interface IndexSpec {
  keys: Record<string, 1 | -1>;
  unique?: boolean;
}

export interface Checkpoint {
  /** Global position of the last event applied; null before the first. */
  position: number | null;
  /** The projection version the documents were built with; a change means rebuild. */
  version: number;
}

/**
 * Where projections keep their documents. Two adapters: in-process collections with MongoDB query
 * semantics (embedded, rebuilt from the log at boot) and MongoDB through mongoose.
 */
export interface ReadStore {
  readonly kind: 'memory' | 'mongodb';
  find<T extends ViewDocument = ViewDocument>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne<T extends ViewDocument = ViewDocument>(collection: string, filter: Filter): Promise<T | null>;
  count(collection: string, filter?: Filter): Promise<number>;
  /**
   * Applies `ops` and moves the projection's checkpoint to `checkpoint.position`, all or nothing.
   * When the stored checkpoint is already at or past that position nothing is written and false is
   * returned, so a redelivered event changes nothing.
   */
  commit(projection: string, checkpoint: Checkpoint, ops: WriteOp[], options?: CommitOptions): Promise<boolean>;
  checkpoint(projection: string): Promise<Checkpoint | null>;
  /**
   * Makes the view's declared indexes, before it is folded or read (the runner at start, after a reset too):
   * MongoDB creates them; the in-process store serves equality lookups from them.
   */
  ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void>;
  /** Drops the projection's collections and its checkpoint (before a rebuild). */
  reset(projection: string, collections: string[]): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const READ_STORE = Symbol('READ_STORE');
