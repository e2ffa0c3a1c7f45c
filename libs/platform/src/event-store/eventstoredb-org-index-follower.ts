import {
  BACKWARDS,
  END,
  FORWARDS,
  START,
  StreamNotFoundError,
  binaryEvent,
  type EventStoreDBClient,
  type ReadStreamOptions,
} from '@eventstore/db-client';
import type { ExpectedRevision, RecordedEvent, Subscription } from './event-store.port';
import { asConflict, isSystemEvent, toExpectedRevision, toPosition, toRecordedEvent } from './eventstoredb-mapping';
import {
  LINK_EVENT_TYPE,
  ORG_INDEX_STREAM,
  OrgIndexBook,
  checkpointOf,
  followEvent,
  linkedEvent,
  linkedPosition,
  orgIndexStream,
  resolvedTarget,
  type IndexTail,
  type OrgIndexSink,
  type OrgLink,
} from './eventstoredb-org-index';
import type { OrgIndexSource } from './eventstoredb-org-index-read';
import { EventStoreDbSubscription } from './eventstoredb-subscription';

/** The organization streams on the server: what a read for one organization reads and the follower writes. */
export class EventStoreDbOrgIndex implements OrgIndexSource, OrgIndexSink {
  /** Events of `$all` read because the follower had not linked them yet (a caught-up index reads none). */
  scanned = 0;

  constructor(private readonly client: EventStoreDBClient) {}

  async checkpoint(): Promise<number | null> {
    return checkpointOf((await this.client.getStreamMetadata(ORG_INDEX_STREAM)).metadata);
  }

  /** A `$metadata` event in `$$orgIndex`, of which the server keeps the latest only. */
  async writeCheckpoint(position: number): Promise<void> {
    await this.client.setStreamMetadata(ORG_INDEX_STREAM, { checkpoint: position });
  }

  async tail(orgId: string): Promise<IndexTail | null> {
    const [last] = await this.read(orgId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
    return last ? { revision: Number(last.revision), position: this.positionOf(orgId, last.metadata) } : null;
  }

  async positionAt(orgId: string, revision: number): Promise<number> {
    const [link] = await this.read(orgId, { fromRevision: BigInt(revision), maxCount: 1 });
    if (!link) throw new Error(`${orgIndexStream(orgId)} has no link at revision ${revision}`);
    return this.positionOf(orgId, link.metadata);
  }

  async *links(orgId: string, fromRevision: number, direction: 'forwards' | 'backwards') {
    const read = this.client.readStream(orgIndexStream(orgId), {
      fromRevision: BigInt(fromRevision),
      direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
      resolveLinkTos: true,
    });
    try {
      for await (const resolved of read) {
        const event = linkedEvent(resolvedTarget(resolved), resolved.link?.metadata);
        if (event) yield event;
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
  }

  async *logAfter(position: number | null): AsyncGenerator<RecordedEvent> {
    const read = this.client.readAll({
      direction: FORWARDS,
      fromPosition: position === null ? START : toPosition(position),
    });
    for await (const resolved of read) {
      if (!resolved.event || isSystemEvent(resolved.event)) continue;
      const event = toRecordedEvent(resolved.event, resolved.commitPosition);
      // the server's start position is inclusive; ours is not
      if (position !== null && event.position <= position) continue;
      this.scanned++;
      yield event;
    }
  }

  async append(stream: string, link: OrgLink, expected: ExpectedRevision): Promise<number> {
    const event = binaryEvent({
      id: link.id,
      type: LINK_EVENT_TYPE,
      data: Buffer.from(link.data),
      metadata: link.metadata,
    });
    try {
      const result = await this.client.appendToStream(stream, event, {
        expectedRevision: toExpectedRevision(expected),
      });
      return Number(result.nextExpectedRevision);
    } catch (error) {
      throw asConflict(error, stream, expected);
    }
  }

  private async read(orgId: string, options: ReadStreamOptions) {
    try {
      return (await this.client.readStream(orgIndexStream(orgId), options).toArray()).flatMap((r) =>
        r.event ? [r.event] : [],
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  private positionOf(orgId: string, metadata: unknown): number {
    const position = linkedPosition(metadata);
    if (position === null) throw new Error(`A link of ${orgIndexStream(orgId)} names no position in $all`);
    return position;
  }
}

export interface OrgIndexFollowerOptions {
  /** How often the checkpoint is written while it moves. */
  checkpointEveryMs?: number;
  /** How long after a failure the follower starts again from where it got. */
  retryAfterMs?: number;
}

/**
 * The one follower of `$all` that links each organization's events into its stream (eventstoredb-org-index.ts),
 * writing its checkpoint as it moves. A failure is reported and the follower starts again from the last event
 * it handled, its knowledge of the streams' ends dropped (a failed append may have been written after all).
 */
export class EventStoreDbOrgIndexFollower implements Subscription {
  private book: OrgIndexBook | null = null;
  private subscription: EventStoreDbSubscription | null = null;
  private readonly timer: NodeJS.Timeout;
  private retry: NodeJS.Timeout | undefined;
  private saving: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly index: EventStoreDbOrgIndex,
    private readonly onError: (error: Error) => void,
    private readonly options: OrgIndexFollowerOptions = {},
  ) {
    this.timer = setInterval(() => void this.saveCheckpoint(), options.checkpointEveryMs ?? 250);
    this.timer.unref();
    void this.run();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.retry);
    await this.subscription?.close();
    await this.saveCheckpoint();
  }

  private async run(): Promise<void> {
    try {
      this.book ??= new OrgIndexBook(await this.index.checkpoint());
      if (this.closed) return;
      const book = this.book;
      this.subscription = new EventStoreDbSubscription(
        this.client,
        { onEvent: (event) => followEvent(book, this.index, event), onError: (error) => this.failed(error) },
        () => undefined,
      );
      this.subscription.start(book.processed, Promise.resolve(null));
    } catch (error) {
      this.failed(error as Error);
    }
  }

  private failed(error: Error): void {
    if (this.closed) return;
    this.onError(error);
    this.book?.forgetAll();
    void this.subscription?.close();
    this.subscription = null;
    this.retry = setTimeout(() => void this.run(), this.options.retryAfterMs ?? 1000);
    this.retry.unref();
  }

  private saveCheckpoint(): Promise<void> {
    this.saving = this.saving.then(async () => {
      const due = this.book?.checkpointDue() ?? null;
      if (due === null) return;
      try {
        await this.index.writeCheckpoint(due);
        this.book!.checkpointWritten(due);
      } catch (error) {
        this.onError(error as Error);
      }
    });
    return this.saving;
  }
}
