/** Metadata carried by every event (ARCHITECTURE.md, "The flow of one change"). */
export interface EventMetadata {
  orgId: string | null;
  actorId: string | null;
  /** The command's id; also used as the event id so a retried command is not applied twice. */
  commandId: string;
  correlationId: string;
  causationId: string;
  /** ISO-8601 instant, taken from the injected clock by the command handler. */
  occurredAt: string;
  schemaVersion: number;
  /**
   * What the change came through: a browser session ('web'), a call without one ('api'), a signed link, an SMS
   * reply, or an API key. Absent on events recorded before it was kept, and on the system's own changes.
   */
  via?: EventVia;
  /** With `via` 'key': the API key that acted for its owner (`actorId`). */
  apiKeyId?: string;
  /**
   * The W3C trace context of the request that made the change, when traces are on (README "Traces"): the work the
   * event causes elsewhere (a page's job) goes on in the same trace. Absent when they are off.
   */
  traceparent?: string;
}

export type EventVia = 'web' | 'api' | 'link' | 'sms_reply' | 'key';

/** A domain event as a decider emits it: a past-tense fact with its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * A domain event as the log recorded it: what the event stores hand out and projections fold. Declared here
 * so the platform (which records it) and the read models (which fold it) share one shape.
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

/** A domain error carries the message a person reads; `status` hints the HTTP status. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly code: 'invalid' | 'not_found' | 'conflict' | 'forbidden' = 'invalid',
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
