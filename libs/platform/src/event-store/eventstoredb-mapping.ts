import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  WrongExpectedVersionError,
  jsonEvent,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  type Position,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import type { EventMetadata } from '@tocsin/domain';
import {
  WrongExpectedRevisionError,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllFilter,
  type RecordedEvent,
} from './event-store.port';

export function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

/** The port's conflict for the server's, so callers handle one error whichever store runs; others pass. */
export function asConflict(error: unknown, stream: string, expected: ExpectedRevision): unknown {
  if (!(error instanceof WrongExpectedVersionError)) return error;
  const actual = error.actualVersion;
  return new WrongExpectedRevisionError(stream, expected, actual === 'no_stream' ? 'no_stream' : Number(actual));
}

/** ESDB dedupes by event id, which is what makes our ids (command ids) idempotent there too. */
export function toEventData(event: NewEvent): EventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: event.data as JSONType,
    metadata: event.metadata as unknown as JSONType,
  });
}

/** Our position is the commit position; on a single node the prepare position is the same value. */
export function toPosition(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

/** Streams and types starting with `$` belong to the server (stats, metadata, projections). */
export function isSystemEvent(event: EsdbRecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/** Older servers answer stream reads with the max uint64 instead of the event's real position. */
const UNKNOWN_POSITION = 18446744073709551615n;

export function toRecordedEvent(event: EsdbRecordedEvent, commitPosition?: bigint): RecordedEvent {
  const commit = event.position?.commit ?? commitPosition;
  return {
    id: event.id,
    stream: event.streamId,
    type: event.type,
    revision: Number(event.revision),
    position: commit === undefined || commit === UNKNOWN_POSITION ? -1 : Number(commit),
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    recordedAt: event.created.toISOString(),
  };
}

/** readAll in client v6 takes no server-side filter (only subscriptions do), so history filters run here. */
export function matchesFilter(event: RecordedEvent, filter: ReadAllFilter): boolean {
  const { streamPrefix, eventTypes, excludeEventTypes, actorId, orgId, from, to } = filter;
  const occurredAt = event.metadata?.occurredAt ?? '';
  return (
    (!streamPrefix || event.stream.startsWith(streamPrefix)) &&
    (!eventTypes || eventTypes.includes(event.type)) &&
    !excludeEventTypes?.includes(event.type) &&
    (!actorId || event.metadata?.actorId === actorId) &&
    (!orgId || event.metadata?.orgId === orgId) &&
    (!from || occurredAt >= from) &&
    (!to || occurredAt <= to)
  );
}
