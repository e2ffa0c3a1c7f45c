import type { EventMetadata, RecordedEvent } from '@tocsin/domain';

export type { RecordedEvent };

/** `any`: no check; `no_stream`: the stream must not exist; a number: the stream's last revision. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface NewEvent {
  /** Unique id; appending an id the stream already holds is a no-op (idempotent retry). */
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface AppendResult {
  /** The stream's revision after the append (its last event's revision). */
  nextRevision: number;
  /** The global position of the last event written (or of the existing one on an idempotent retry). */
  position: number;
}

export interface ReadAllFilter {
  streamPrefix?: string;
  eventTypes?: string[];
  /** Leaves these event types out (machine traffic an auditor does not read, e.g. the ingest log). */
  excludeEventTypes?: string[];
  actorId?: string;
  /** Only events of this organization (metadata.orgId): tenants never see each other's history. */
  orgId?: string;
  /** ISO-8601 bounds on metadata.occurredAt, inclusive. */
  from?: string;
  to?: string;
}

export interface ReadAllOptions {
  /**
   * Exclusive cursor: forwards, events with a greater position; backwards, events with a smaller one.
   * `null` starts at the beginning (forwards) or at the end (backwards).
   */
  after: number | null;
  maxCount: number;
  filter?: ReadAllFilter;
  direction?: 'forwards' | 'backwards';
}

export interface Subscription {
  close(): Promise<void>;
}

export interface SubscriptionHandler {
  onEvent(event: RecordedEvent): Promise<void> | void;
  /** Called once when history is read and the subscription turns live. */
  onCaughtUp?(): void;
  onError?(error: Error): void;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Conflict on stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * A read for one organization that the store cannot answer from that organization's own events: its index
 * (EventStoreDB's organization streams) is further behind the log than a read may make up by scanning it.
 * Nothing is wrong with the data; the index catches up while its follower runs.
 */
export class EventIndexBehindError extends Error {
  constructor(readonly scanned: number) {
    super(`The organization index is more than ${scanned} events behind the log`);
    this.name = 'EventIndexBehindError';
  }
}

/** The append-only log. Two adapters: SQLite (embedded) and EventStoreDB (production). */
export interface EventStore {
  readonly kind: 'sqlite' | 'eventstoredb';
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Whole stream, forwards; [] when it does not exist. */
  readStream(stream: string, options?: { fromRevision?: number; maxCount?: number }): Promise<RecordedEvent[]>;
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the newest event, or null for an empty log. */
  headPosition(): Promise<number | null>;
  /** History after `after`, then live, in global order, one event at a time. */
  subscribeToAll(after: number | null, handler: SubscriptionHandler): Subscription;
  /**
   * Keeps the indexes that readAll's `orgId` filter reads, where the store needs a process for it: EventStoreDB
   * links each organization's events into a stream of its own. SQLite indexes as it appends: nothing to run.
   * One process runs it (the one hosting the projector); a second one would be wasted work, never duplicates.
   */
  maintainIndexes(onError: (error: Error) => void): Subscription;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');
