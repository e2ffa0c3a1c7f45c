import { EventIndexBehindError, type ReadAllOptions, type RecordedEvent } from './event-store.port';
import { matchesFilter } from './eventstoredb-mapping';
import { firstRevisionAbove, indexedUpTo, organizationOf, type IndexTail } from './eventstoredb-org-index';

/** What a read for one organization asks of EventStoreDB. */
export interface OrgIndexSource {
  /** The follower's checkpoint: every organization's events up to it are linked. */
  checkpoint(): Promise<number | null>;
  tail(orgId: string): Promise<IndexTail | null>;
  /** The position in `$all` of the event the link at `revision` names. */
  positionAt(orgId: string, revision: number): Promise<number>;
  /** The organization's linked events from `revision` on, resolved; links whose event is gone are left out. */
  links(orgId: string, fromRevision: number, direction: 'forwards' | 'backwards'): AsyncIterable<RecordedEvent>;
  /** `$all` after `position` (exclusive; null: from the start), oldest first, the server's own events left out. */
  logAfter(position: number | null): AsyncIterable<RecordedEvent>;
}

/** The events a read may scan in `$all` to make up for a follower behind the log, before it says so instead. */
export const DEFAULT_GAP_LIMIT = 10_000;

const later = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/** The organization's events after `from` that its stream does not link yet, read from `$all`, up to `limit`. */
async function* unindexed(source: OrgIndexSource, orgId: string, from: number | null, limit: number) {
  let scanned = 0;
  for await (const event of source.logAfter(from)) {
    if (++scanned > limit) throw new EventIndexBehindError(limit);
    if (organizationOf(event) === orgId) yield event;
  }
}

/**
 * readAll with an `orgId` filter, from the organization's own stream of links: the cost follows that
 * organization's events, not the log's. Events the follower has not linked yet (those after `indexedUpTo`) are
 * read from `$all`, so the answer is the same as a scan of the whole log; that part costs what the follower
 * lags, and beyond `gapLimit` events the read throws EventIndexBehindError rather than scanning further.
 */
export async function readOrganization(
  source: OrgIndexSource,
  { after, maxCount, filter = {}, direction = 'forwards' }: ReadAllOptions,
  gapLimit = DEFAULT_GAP_LIMIT,
): Promise<RecordedEvent[]> {
  const orgId = filter.orgId;
  if (!orgId) throw new Error('readOrganization needs filter.orgId');
  const found: RecordedEvent[] = [];
  if (maxCount <= 0) return found;
  // the checkpoint first: the stream's end read after it holds every link the checkpoint counts, so a link
  // written after both reads is of an event after `indexed`, which the scan of $all below finds
  const checkpoint = await source.checkpoint();
  const tail = await source.tail(orgId);
  const indexed = indexedUpTo(checkpoint, tail);
  const positionAt = (revision: number) => source.positionAt(orgId, revision);
  const take = (event: RecordedEvent) => {
    if (matchesFilter(event, filter)) found.push(event);
    return found.length >= maxCount;
  };

  if (direction === 'forwards') {
    if (tail !== null && (after === null || after < tail.position)) {
      const from = after === null ? 0 : await firstRevisionAbove(tail.revision + 1, positionAt, after);
      for await (const event of source.links(orgId, from, 'forwards')) {
        // links written since `tail` was read belong to the part read from $all below
        if (event.position > indexed!) break;
        if (take(event)) return found;
      }
    }
    for await (const event of unindexed(source, orgId, later(after, indexed), gapLimit)) {
      if (take(event)) return found;
    }
    return found;
  }

  // backwards: the newest events, not linked yet, first
  if (after === null || indexed === null || after > indexed) {
    const fresh: RecordedEvent[] = [];
    for await (const event of unindexed(source, orgId, indexed, gapLimit)) {
      if (after === null || event.position < after) fresh.push(event);
    }
    for (const event of fresh.reverse()) if (take(event)) return found;
  }
  if (tail === null) return found;
  const from =
    after === null || after > tail.position
      ? tail.revision
      : (await firstRevisionAbove(tail.revision + 1, positionAt, after - 1)) - 1;
  if (from < 0) return found;
  for await (const event of source.links(orgId, from, 'backwards')) {
    if (take(event)) return found;
  }
  return found;
}
