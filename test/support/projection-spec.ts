/**
 * What projection specs share (libs/read-models/src/projections/*\/*.projection.spec.ts): events recorded the
 * way a command handler appends them, a throwaway event log per test, and the check that an event the view
 * has already applied changes nothing when it is delivered again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata } from '@tocsin/domain';
import {
  applyBatch,
  MemoryReadStore,
  SqliteEventStore,
  type Checkpoint,
  type EventStore,
  type NewEvent,
  type Projection,
  type ReadStore,
  type RecordedEvent,
} from '@tocsin/platform';

let seq = 0;

/** The metadata of a recorded event a spec chooses; the ids are made up per event. */
export type RecordedAs = Partial<Pick<EventMetadata, 'orgId' | 'actorId' | 'occurredAt'>>;

/**
 * Records events the way a command handler appends them: a fresh event id and command id each time, and
 * `defaults` for the organization, actor and time. A call may name its own time (a string) or metadata.
 */
export function eventRecorder<Event extends { type: string; data: unknown } = { type: string; data: unknown }>(
  defaults: RecordedAs = {},
) {
  return (event: Event, as: string | RecordedAs = {}): NewEvent => {
    seq++;
    const commandId = `c${seq}`;
    const chosen = {
      orgId: null,
      actorId: null,
      occurredAt: '2026-01-01T00:00:00.000Z',
      ...defaults,
      ...(typeof as === 'string' ? { occurredAt: as } : as),
    };
    const metadata: EventMetadata = {
      ...chosen,
      commandId,
      correlationId: commandId,
      causationId: commandId,
      schemaVersion: 1,
    };
    return {
      id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      type: event.type,
      data: event.data,
      metadata,
    };
  };
}

/** `minutes` after 2026-01-01T00:00Z, as an ISO-8601 instant: when a spec's event occurred. */
export const minute = (minutes: number): string => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();

/** A fresh SQLite event log for each test of the enclosing describe, in a temporary folder removed after it. */
export function eventLogPerTest(name: string): { readonly events: EventStore } {
  let dir: string;
  let events: EventStore | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), `tocsin-${name}-view-`));
    events = await SqliteEventStore.open({ file: join(dir, 'events.db') });
  });
  afterEach(async () => {
    await events?.close();
    events = undefined;
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get events() {
      if (!events) throw new Error('The event log exists only inside a test');
      return events;
    },
  };
}

/** The events of several streams in the order of the log, as the projector receives them. */
export async function readStreams(events: EventStore, ...streams: string[]): Promise<RecordedEvent[]> {
  const all = await Promise.all(streams.map((stream) => events.readStream(stream)));
  return all.flat().sort((a, b) => a.position - b.position);
}

/** The checkpoint of a view that has applied nothing yet. */
export const fromScratch = (view: Projection): Checkpoint => ({ position: null, version: view.version });

/** Folds `history` into `store` (a fresh in-memory one unless given) from scratch. */
export async function project(
  view: Projection,
  history: readonly RecordedEvent[],
  store: ReadStore = new MemoryReadStore(),
) {
  const applied = await applyBatch(store, view, fromScratch(view), history);
  return { store, ...applied };
}

/** Every document of the view, by id. */
export const documentsOf = (store: ReadStore, view: Projection) =>
  store.find(view.collection, {}, { sort: { _id: 1 } });

/**
 * Delivers again what the view has already applied: the whole history at `checkpoint` (where `store` stands
 * after folding `history`), the whole history from scratch (the stored checkpoint is ahead of it), and each
 * event on its own. None of it may send a change notice or change a document. Then, for every point
 * in `history`, a view that stopped there and is sent the whole history again (the events it holds and
 * the ones it lacks) ends with the same documents as a view that folded it once.
 */
export async function expectRedeliveryChangesNothing(
  store: ReadStore,
  view: Projection,
  checkpoint: Checkpoint,
  history: readonly RecordedEvent[],
): Promise<void> {
  const before = await documentsOf(store, view);
  expect((await applyBatch(store, view, checkpoint, history)).changes).toEqual([]);
  expect((await applyBatch(store, view, fromScratch(view), history)).changes).toEqual([]);
  for (const event of history) {
    expect((await applyBatch(store, view, checkpoint, [event])).changes).toEqual([]);
    expect((await applyBatch(store, view, fromScratch(view), [event])).changes).toEqual([]);
  }
  expect(await documentsOf(store, view)).toEqual(before);

  const once = await documentsOf((await project(view, history)).store, view);
  for (let applied = 1; applied < history.length; applied++) {
    const partly = await project(view, history.slice(0, applied));
    await applyBatch(partly.store, view, partly.checkpoint, history);
    expect(await documentsOf(partly.store, view)).toEqual(once);
  }
}

/** The platform's parts a view's spec folds with (read models import no platform code themselves). */
export { applyBatch, EXPIRY_INTERVAL_MS, MemoryReadStore } from '@tocsin/platform';
