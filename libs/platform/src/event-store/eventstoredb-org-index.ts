import { createHash } from 'node:crypto';
import type { ResolvedEvent } from '@eventstore/db-client';
import { WrongExpectedRevisionError, type ExpectedRevision, type RecordedEvent } from './event-store.port';
import { toRecordedEvent } from './eventstoredb-mapping';

/*
 * EventStoreDB indexes streams, not metadata: the only way to an organization's events is `$all`, which holds
 * every tenant's. So one follower of `$all` (in the projector's process) links each event that names an
 * organization into that organization's stream, `orgIndex-{orgId}`: a `$>` link event whose data is
 * `revision@stream` and whose metadata keeps the event's position in `$all`. Links are appended in the order of
 * `$all`, each at the stream's expected revision, so an organization's stream holds its events once each, in
 * order. The follower's checkpoint (how far into `$all` every organization's events are linked) is the custom
 * `checkpoint` property of the `orgIndex` stream's metadata. Everything here is pure bookkeeping; the I/O is
 * in eventstoredb-org-index-follower.ts.
 */

export const ORG_INDEX_PREFIX = 'orgIndex-';
/** The stream whose metadata holds the follower's checkpoint (the stream itself stays empty). */
export const ORG_INDEX_STREAM = 'orgIndex';
/** EventStoreDB's link event type: the server resolves it to the event it names. */
export const LINK_EVENT_TYPE = '$>';

export const orgIndexStream = (orgId: string): string => `${ORG_INDEX_PREFIX}${orgId}`;

/** The organization an event belongs to (metadata.orgId), or null for the few that belong to none. */
export function organizationOf(event: RecordedEvent): string | null {
  const orgId: unknown = (event.metadata as { orgId?: unknown } | undefined)?.orgId;
  return typeof orgId === 'string' && orgId !== '' ? orgId : null;
}

/** One link to append: its id, its `revision@stream` data, and the linked event's position in `$all`. */
export interface OrgLink {
  id: string;
  data: string;
  metadata: { position: number };
}

/** The link to an event. Its id derives from the event, so writing it again is recognisably the same link. */
export function linkTo(event: RecordedEvent): OrgLink {
  const hex = createHash('sha256').update(`orgIndex:${event.stream}:${event.revision}`).digest('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return { id, data: `${event.revision}@${event.stream}`, metadata: { position: event.position } };
}

const wholeNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** The linked event's position, from a link's metadata (null when it carries none). */
export const linkedPosition = (metadata: unknown): number | null =>
  wholeNumber((metadata as { position?: unknown } | null | undefined)?.position);

/** The follower's checkpoint, from the `orgIndex` stream's metadata (null before it wrote one). */
export const checkpointOf = (metadata: unknown): number | null =>
  wholeNumber((metadata as { checkpoint?: unknown } | null | undefined)?.checkpoint);

/** The event a link read with resolveLinkTos names; null when it is gone (the server sends the link alone). */
export function resolvedTarget({ event, link }: Pick<ResolvedEvent, 'event' | 'link'>): RecordedEvent | null {
  return link && event && event.type !== LINK_EVENT_TYPE ? toRecordedEvent(event) : null;
}

/**
 * A link read back with its event resolved: the event as the log holds it, at its own position in `$all`
 * (the link's metadata says it; stream reads on older servers do not). Null when the event is gone.
 */
export function linkedEvent(event: RecordedEvent | null, linkMetadata: unknown): RecordedEvent | null {
  if (!event) return null;
  const position = linkedPosition(linkMetadata);
  return position === null ? event : { ...event, position };
}

/** An organization stream's last link: its revision, and the position in `$all` of the event it links. */
export interface IndexTail {
  revision: number;
  position: number;
}

/**
 * Up to which position every event of the organization is linked: the checkpoint covers every organization,
 * and the stream's last link its own organization (links are written in the order of `$all`). Null: nothing.
 */
export function indexedUpTo(checkpoint: number | null, tail: IndexTail | null): number | null {
  if (tail === null) return checkpoint;
  return checkpoint === null ? tail.position : Math.max(checkpoint, tail.position);
}

/**
 * The first revision in 0..count whose linked position is above `bound` (count when there is none), found in
 * log2(count) reads: links are in position order.
 */
export async function firstRevisionAbove(
  count: number,
  positionAt: (revision: number) => Promise<number>,
  bound: number,
): Promise<number> {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if ((await positionAt(middle)) > bound) high = middle;
    else low = middle + 1;
  }
  return low;
}

export type LinkPlan =
  { kind: 'skip' } | { kind: 'append'; orgId: string; stream: string; link: OrgLink; expected: ExpectedRevision };

/**
 * What the follower knows: each organization stream's last link as last read or written, how far into `$all`
 * it has handled events, and the checkpoint it last wrote. A restart from an older checkpoint meets events it
 * already linked: their position is not above their stream's last link, so they are skipped, not linked twice.
 */
export class OrgIndexBook {
  /** Per organization: its stream's last link, null when it has none; absent when not read since the start. */
  private readonly tails = new Map<string, IndexTail | null>();
  private written: number | null;
  /** Every event up to this position is handled (linked or not to be linked). */
  processed: number | null;

  constructor(checkpoint: number | null) {
    this.processed = checkpoint;
    this.written = checkpoint;
  }

  /** The organization whose stream end must be read before `event` can be planned, or null. */
  needsTail(event: RecordedEvent): string | null {
    const orgId = organizationOf(event);
    return orgId !== null && !this.tails.has(orgId) ? orgId : null;
  }

  knowTail(orgId: string, tail: IndexTail | null): void {
    this.tails.set(orgId, tail);
  }

  /** After a conflict, or an append whose outcome is unknown: the stream's end is read again. */
  forget(orgId: string): void {
    this.tails.delete(orgId);
  }

  forgetAll(): void {
    this.tails.clear();
  }

  plan(event: RecordedEvent): LinkPlan {
    const orgId = organizationOf(event);
    if (orgId === null) return { kind: 'skip' };
    if (!this.tails.has(orgId)) throw new Error(`The end of ${orgIndexStream(orgId)} is not known yet`);
    const tail = this.tails.get(orgId) ?? null;
    if (tail !== null && event.position <= tail.position) return { kind: 'skip' };
    const expected: ExpectedRevision = tail === null ? 'no_stream' : tail.revision;
    return { kind: 'append', orgId, stream: orgIndexStream(orgId), link: linkTo(event), expected };
  }

  linked(orgId: string, revision: number, position: number): void {
    this.tails.set(orgId, { revision, position });
  }

  handled(position: number): void {
    this.processed = position;
  }

  /** The checkpoint to write now, or null when the one written is current. */
  checkpointDue(): number | null {
    return this.processed !== null && this.processed !== this.written ? this.processed : null;
  }

  checkpointWritten(position: number): void {
    this.written = position;
  }
}

/** Where the follower reads an organization stream's end and appends to it. */
export interface OrgIndexSink {
  tail(orgId: string): Promise<IndexTail | null>;
  /** Appends at `expected`, answering the stream's revision after it; a WrongExpectedRevisionError on conflict. */
  append(stream: string, link: OrgLink, expected: ExpectedRevision): Promise<number>;
}

/** Conflicts come from a second follower, or this one before a restart: a few rereads settle them. */
const CONFLICT_RETRIES = 3;

/** Links one event of `$all` (the next in order) into its organization's stream, unless it is linked already. */
export async function followEvent(book: OrgIndexBook, sink: OrgIndexSink, event: RecordedEvent): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const orgId = book.needsTail(event);
    if (orgId !== null) book.knowTail(orgId, await sink.tail(orgId));
    const plan = book.plan(event);
    if (plan.kind === 'skip') break;
    try {
      book.linked(plan.orgId, await sink.append(plan.stream, plan.link, plan.expected), event.position);
      break;
    } catch (error) {
      book.forget(plan.orgId);
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= CONFLICT_RETRIES) throw error;
    }
  }
  book.handled(event.position);
}
