import { describe, expect, it } from '@jest/globals';
import {
  EventIndexBehindError,
  WrongExpectedRevisionError,
  type ExpectedRevision,
  type ReadAllFilter,
  type ReadAllOptions,
  type RecordedEvent,
} from './event-store.port';
import { matchesFilter } from './eventstoredb-mapping';
import {
  OrgIndexBook,
  checkpointOf,
  firstRevisionAbove,
  followEvent,
  indexedUpTo,
  linkTo,
  linkedEvent,
  linkedPosition,
  orgIndexStream,
  resolvedTarget,
  type IndexTail,
  type OrgIndexSink,
  type OrgLink,
} from './eventstoredb-org-index';
import { readOrganization, type OrgIndexSource } from './eventstoredb-org-index-read';

/**
 * EventStoreDB in memory, as far as the organization index uses it: `$all` in order, streams appended at an
 * expected revision, links resolved to the events they name, and the checkpoint in the index's metadata.
 */
class MemoryLog implements OrgIndexSource, OrgIndexSink {
  readonly all: RecordedEvent[] = [];
  readonly streams = new Map<string, OrgLink[]>();
  checkpointAt: number | null = null;
  /** Events of $all handed to readers (what a read for one organization pays for the index's lag). */
  scanned = 0;
  positionReads = 0;
  private position = 0;

  write(stream: string, orgId: string | null, type = 'Noted', actorId = 'ada'): RecordedEvent {
    // a link written meanwhile takes a position of $all too: positions of events are not consecutive
    this.position += 3;
    const revision = this.all.filter((e) => e.stream === stream).length;
    const event: RecordedEvent = {
      id: `${stream}-${revision}`,
      stream,
      type,
      revision,
      position: this.position,
      data: {},
      metadata: {
        ...(orgId === null ? {} : { orgId }),
        actorId,
        occurredAt: `2026-03-01T00:00:${String(this.position % 60).padStart(2, '0')}.000Z`,
      } as RecordedEvent['metadata'],
      recordedAt: '2026-03-01T00:00:00.000Z',
    };
    this.all.push(event);
    return event;
  }

  async tail(orgId: string): Promise<IndexTail | null> {
    const links = this.streams.get(orgIndexStream(orgId)) ?? [];
    const last = links[links.length - 1];
    return last ? { revision: links.length - 1, position: last.metadata.position } : null;
  }

  async append(stream: string, link: OrgLink, expected: ExpectedRevision): Promise<number> {
    const links = this.streams.get(stream) ?? [];
    const actual = links.length === 0 ? 'no_stream' : links.length - 1;
    if (expected !== actual) throw new WrongExpectedRevisionError(stream, expected, actual);
    this.streams.set(stream, [...links, link]);
    return links.length;
  }

  async checkpoint(): Promise<number | null> {
    return this.checkpointAt;
  }

  async positionAt(orgId: string, revision: number): Promise<number> {
    this.positionReads++;
    return this.streams.get(orgIndexStream(orgId))![revision].metadata.position;
  }

  async *links(orgId: string, fromRevision: number, direction: 'forwards' | 'backwards') {
    const links = this.streams.get(orgIndexStream(orgId)) ?? [];
    const step = direction === 'forwards' ? 1 : -1;
    for (let revision = fromRevision; revision >= 0 && revision < links.length; revision += step) {
      const [at, ...stream] = links[revision].data.split('@');
      const event = this.all.find((e) => e.stream === stream.join('@') && e.revision === Number(at)) ?? null;
      const resolved = linkedEvent(event && { ...event, position: -1 }, links[revision].metadata);
      if (resolved) yield resolved;
    }
  }

  async *logAfter(position: number | null) {
    for (const event of this.all) {
      if (position !== null && event.position <= position) continue;
      this.scanned++;
      yield event;
    }
  }

  /** The linked events' stream and revision, per organization stream, as a reader of the stream sees them. */
  linked(orgId: string): string[] {
    return (this.streams.get(orgIndexStream(orgId)) ?? []).map((link) => link.data);
  }
}

/** Runs a follower from where its book stands to the end of the log (or to `until`, a position). */
async function follow(log: MemoryLog, book: OrgIndexBook, sink: OrgIndexSink = log, until = Infinity) {
  for (const event of log.all) {
    if ((book.processed !== null && event.position <= book.processed) || event.position > until) continue;
    await followEvent(book, sink, event);
  }
}

const ref = (event: RecordedEvent) => `${event.revision}@${event.stream}`;

describe('organization index: links and their mapping', () => {
  it('links an event by revision@stream, with its position, under an id that derives from it', () => {
    const event = { stream: 'alert-1', revision: 4, position: 812 } as RecordedEvent;
    const link = linkTo(event);
    expect(link).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      data: '4@alert-1',
      metadata: { position: 812 },
    });
    expect(linkTo({ ...event, position: 900 }).id).toBe(link.id);
    expect(linkTo({ ...event, revision: 5 }).id).not.toBe(link.id);
  });

  it('reads positions and the checkpoint only when they are whole numbers', () => {
    expect(linkedPosition({ position: 12 })).toBe(12);
    for (const bad of [undefined, null, {}, { position: '12' }, { position: -1 }, { position: 1.5 }]) {
      expect(linkedPosition(bad)).toBeNull();
    }
    expect(checkpointOf({ checkpoint: 0 })).toBe(0);
    expect(checkpointOf({ maxCount: 3 })).toBeNull();
    expect(checkpointOf(undefined)).toBeNull();
  });

  it('gives a resolved event the position its link names, and nothing for an event that is gone', () => {
    const event = { stream: 'alert-1', revision: 0, position: -1 } as RecordedEvent;
    expect(linkedEvent(event, { position: 40 })).toEqual({ ...event, position: 40 });
    expect(linkedEvent(event, undefined)).toBe(event);
    expect(linkedEvent(null, { position: 40 })).toBeNull();
  });

  it('resolves a link to its event, and to nothing when the server sends the link alone', () => {
    const record = (streamId: string, type: string, revision: bigint, metadata: unknown) => ({
      streamId,
      id: '00000000-0000-4000-8000-000000000001',
      revision,
      type,
      data: {},
      metadata,
      isJson: true,
      created: new Date('2026-03-01T00:00:00.000Z'),
      position: undefined,
    });
    const target = record('alert-1', 'AlertTriggered', 3n, { orgId: 'a' });
    const link = { ...record('orgIndex-a', '$>', 0n, { position: 40 }), data: new Uint8Array(), isJson: false };
    expect(resolvedTarget({ event: target, link } as never)).toMatchObject({ stream: 'alert-1', revision: 3 });
    expect(resolvedTarget({ event: undefined, link } as never)).toBeNull();
    expect(resolvedTarget({ event: link, link: undefined } as never)).toBeNull();
    expect(resolvedTarget({ event: link, link } as never)).toBeNull();
  });

  it('counts an organization indexed up to the later of the checkpoint and its last link', () => {
    expect(indexedUpTo(null, null)).toBeNull();
    expect(indexedUpTo(50, null)).toBe(50);
    expect(indexedUpTo(null, { revision: 2, position: 30 })).toBe(30);
    expect(indexedUpTo(50, { revision: 2, position: 30 })).toBe(50);
    expect(indexedUpTo(20, { revision: 2, position: 30 })).toBe(30);
  });

  it('finds the first link above a position in log2 reads', async () => {
    const positions = [3, 9, 12, 30, 31, 70];
    let reads = 0;
    const at = async (revision: number) => (reads++, positions[revision]);
    for (const [bound, revision] of [
      [0, 0],
      [3, 1],
      [11, 2],
      [31, 5],
      [70, 6],
      [99, 6],
    ]) {
      reads = 0;
      expect(await firstRevisionAbove(positions.length, at, bound)).toBe(revision);
      expect(reads).toBeLessThanOrEqual(3);
    }
    expect(await firstRevisionAbove(0, at, 5)).toBe(0);
  });
});

describe('organization index: the follower', () => {
  it("links each organization's events into its own stream, in order, at the expected revisions", async () => {
    const log = new MemoryLog();
    const a1 = log.write('alert-1', 'a');
    const b1 = log.write('alert-2', 'b');
    log.write('operator-1', null);
    const a2 = log.write('alert-1', 'a');
    const a3 = log.write('team-1', 'a');
    const book = new OrgIndexBook(null);
    const plans: ExpectedRevision[] = [];
    const sink: OrgIndexSink = {
      tail: (orgId) => log.tail(orgId),
      append: (stream, link, expected) => (plans.push(expected), log.append(stream, link, expected)),
    };
    await follow(log, book, sink);
    expect(log.linked('a')).toEqual([a1, a2, a3].map(ref));
    expect(log.linked('b')).toEqual([b1].map(ref));
    expect(plans).toEqual(['no_stream', 'no_stream', 0, 1]);
    expect(book.processed).toBe(a3.position);
  });

  it('writes the checkpoint only once it moved', async () => {
    const log = new MemoryLog();
    log.write('alert-1', 'a');
    const book = new OrgIndexBook(null);
    expect(book.checkpointDue()).toBeNull();
    await follow(log, book);
    expect(book.checkpointDue()).toBe(log.all[0].position);
    book.checkpointWritten(log.all[0].position);
    expect(book.checkpointDue()).toBeNull();
  });

  it('started again from an older checkpoint, links no event twice and the rest once', async () => {
    const log = new MemoryLog();
    for (let i = 0; i < 6; i++) log.write(`alert-${i % 2}`, i % 3 === 0 ? 'b' : 'a');
    const first = new OrgIndexBook(null);
    await follow(log, first, log, log.all[3].position);
    // it stopped before writing any checkpoint; meanwhile more events arrived
    for (let i = 0; i < 3; i++) log.write('alert-9', 'a');
    await follow(log, new OrgIndexBook(null));
    const of = (orgId: string) => log.all.filter((e) => e.metadata.orgId === orgId).map(ref);
    expect(log.linked('a')).toEqual(of('a'));
    expect(log.linked('b')).toEqual(of('b'));
  });

  it('loses no link and writes none twice when an append was written but its answer lost', async () => {
    const log = new MemoryLog();
    for (let i = 0; i < 4; i++) log.write('alert-1', 'a');
    const book = new OrgIndexBook(null);
    let lost = false;
    const flaky: OrgIndexSink = {
      tail: (orgId) => log.tail(orgId),
      async append(stream, link, expected) {
        const revision = await log.append(stream, link, expected);
        if (revision === 1 && !lost) throw ((lost = true), new Error('connection reset'));
        return revision;
      },
    };
    await expect(follow(log, book, flaky)).rejects.toThrow('connection reset');
    // the follower starts again from the last event it handled, the streams' ends read afresh
    book.forgetAll();
    await follow(log, book, flaky);
    expect(log.linked('a')).toEqual(log.all.map(ref));
  });

  it('shares the work with a second follower without duplicates: a conflict rereads the end and skips', async () => {
    const log = new MemoryLog();
    for (let i = 0; i < 8; i++) log.write(`alert-${i % 3}`, i % 2 ? 'a' : 'b');
    const one = new OrgIndexBook(null);
    const two = new OrgIndexBook(null);
    let conflicts = 0;
    const second: OrgIndexSink = {
      tail: (orgId) => log.tail(orgId),
      append: (stream, link, expected) =>
        log.append(stream, link, expected).catch((error: unknown) => {
          conflicts++;
          throw error;
        }),
    };
    await follow(log, one, log, log.all[1].position);
    await follow(log, two, second, log.all[1].position);
    // the second knows where a's and b's streams ended; the first links their next events before it
    await follow(log, one, log, log.all[5].position);
    await follow(log, two, second);
    await follow(log, one);
    expect(conflicts).toBeGreaterThan(0);
    const of = (orgId: string) => log.all.filter((e) => e.metadata.orgId === orgId).map(ref);
    expect(log.linked('a')).toEqual(of('a'));
    expect(log.linked('b')).toEqual(of('b'));
  });

  it('gives up on a stream that keeps conflicting', async () => {
    const log = new MemoryLog();
    log.write('alert-1', 'a');
    const conflicting: OrgIndexSink = {
      tail: async () => null,
      append: async (stream, _link, expected) => {
        throw new WrongExpectedRevisionError(stream, expected, 7);
      },
    };
    await expect(followEvent(new OrgIndexBook(null), conflicting, log.all[0])).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
  });
});

describe('organization index: a read for one organization', () => {
  const filters: ReadAllFilter[] = [{}, { eventTypes: ['Opened'] }, { actorId: 'bob', excludeEventTypes: ['Noted'] }];

  /** Two organizations' events interleaved with events of no organization; some of types and actors apart. */
  function tenants(): MemoryLog {
    const log = new MemoryLog();
    for (let i = 0; i < 14; i++) {
      const orgId = i % 5 === 4 ? null : i % 3 === 0 ? 'b' : 'a';
      log.write(`alert-${i % 4}`, orgId, i % 2 ? 'Opened' : 'Noted', i % 3 ? 'ada' : 'bob');
    }
    return log;
  }

  /** What a scan of the whole log answers. */
  function scanned(log: MemoryLog, { after, maxCount, filter = {}, direction = 'forwards' }: ReadAllOptions) {
    const ordered = direction === 'forwards' ? log.all : [...log.all].reverse();
    return ordered
      .filter((e) => after === null || (direction === 'forwards' ? e.position > after : e.position < after))
      .filter((e) => matchesFilter(e, filter))
      .slice(0, maxCount);
  }

  const ids = (events: RecordedEvent[]) => events.map((e) => `${e.stream}:${e.revision}@${e.position}`);

  it('answers what a scan of the whole log answers, however far the follower got and whatever the page', async () => {
    const log = tenants();
    const positions = log.all.map((e) => e.position);
    const cursors = [null, 0, ...positions, ...positions.map((p) => p + 1), positions[positions.length - 1] + 9];
    // how far the follower linked, and which checkpoint it wrote before stopping
    const progress: Array<[number, number | null]> = [
      [-1, null],
      [4, null],
      [4, 2],
      [9, 9],
      [13, 6],
      [13, 13],
    ];
    for (const [linkedUpTo, checkpointAt] of progress) {
      const state = new MemoryLog();
      state.all.push(...log.all);
      if (linkedUpTo >= 0) await follow(state, new OrgIndexBook(null), state, positions[linkedUpTo]);
      state.checkpointAt = checkpointAt === null ? null : positions[checkpointAt];
      for (const direction of ['forwards', 'backwards'] as const) {
        for (const after of cursors) {
          for (const maxCount of [1, 2, 5, 100]) {
            for (const extra of filters) {
              const options = { after, maxCount, direction, filter: { ...extra, orgId: 'a' } };
              const where = JSON.stringify({ linkedUpTo, checkpointAt, ...options });
              expect([where, ids(await readOrganization(state, options))]).toEqual([where, ids(scanned(log, options))]);
            }
          }
        }
      }
    }
  });

  it('reads an event once when the follower links it while the read runs', async () => {
    const log = tenants();
    const book = new OrgIndexBook(null);
    await follow(log, book, log, log.all[5].position);
    // the follower moves on between the read's look at the stream's end and its reading of the links
    const racing: OrgIndexSource = {
      checkpoint: () => log.checkpoint(),
      tail: (orgId) => log.tail(orgId),
      positionAt: (orgId, revision) => log.positionAt(orgId, revision),
      links: async function* (orgId, from, direction) {
        await follow(log, book);
        yield* log.links(orgId, from, direction);
      },
      logAfter: (position) => log.logAfter(position),
    };
    for (const direction of ['forwards', 'backwards'] as const) {
      const options = { after: null, maxCount: 100, direction, filter: { orgId: 'a' } };
      expect(ids(await readOrganization(racing, options))).toEqual(ids(scanned(log, options)));
    }
  });

  it("reads none of another organization's events once the index is caught up", async () => {
    const log = new MemoryLog();
    for (let i = 0; i < 5; i++) log.write('alert-1', 'a');
    for (let i = 0; i < 500; i++) log.write(`alert-${i}`, 'b');
    const book = new OrgIndexBook(null);
    await follow(log, book);
    log.checkpointAt = book.checkpointDue();
    log.scanned = 0;
    expect(await readOrganization(log, { after: null, maxCount: 100, filter: { orgId: 'a' } })).toHaveLength(5);
    expect(
      await readOrganization(log, { after: null, maxCount: 2, filter: { orgId: 'a' }, direction: 'backwards' }),
    ).toHaveLength(2);
    const third = log.all[2].position;
    log.positionReads = 0;
    expect(await readOrganization(log, { after: third, maxCount: 100, filter: { orgId: 'a' } })).toHaveLength(2);
    expect(log.positionReads).toBeLessThanOrEqual(3);
    expect(log.scanned).toBe(0);
  });

  it('says the index is behind rather than scan more of the log than the limit', async () => {
    const log = new MemoryLog();
    for (let i = 0; i < 30; i++) log.write(`alert-${i}`, i === 0 ? 'a' : 'b');
    const read = (direction: 'forwards' | 'backwards', maxCount = 10) =>
      readOrganization(log, { after: null, maxCount, filter: { orgId: 'a' }, direction }, 20);
    // nothing linked yet: the whole log would have to be scanned
    await expect(read('backwards')).rejects.toBeInstanceOf(EventIndexBehindError);
    await expect(read('forwards')).rejects.toBeInstanceOf(EventIndexBehindError);
    // a read that has what it asked for stops there: a's only event is the log's first
    expect(await read('forwards', 1)).toHaveLength(1);
    // linked, the rest of the log is behind the checkpoint and nothing is scanned
    await follow(log, new OrgIndexBook(null), log, log.all[0].position);
    log.checkpointAt = log.all[29].position;
    expect(await read('backwards')).toHaveLength(1);
  });
});
