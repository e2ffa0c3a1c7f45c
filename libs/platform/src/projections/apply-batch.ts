import type { RecordedEvent } from '../event-store/event-store.port';
import type { Checkpoint, ReadStore, ViewDocument, WriteOp } from '../read-store/read-store.port';
import { EXPIRY_INTERVAL_MS, type Projection, type ViewChange } from './projection';

/** When each bounded view of each store last looked for what to drop (Projection.expired). */
const lastExpiry = new WeakMap<ReadStore, Map<string, number>>();

async function expiredIds(store: ReadStore, projection: Projection, events: readonly RecordedEvent[]) {
  if (!projection.expired || events.length === 0) return [];
  let views = lastExpiry.get(store);
  if (!views) lastExpiry.set(store, (views = new Map()));
  const now = Date.now();
  if (now - (views.get(projection.name) ?? -Infinity) < EXPIRY_INTERVAL_MS) return [];
  views.set(projection.name, now);
  return projection.expired(store, events);
}

/**
 * Under test, every document a projection receives or returns is frozen, so a projection that changes
 * its input instead of returning a new document fails loudly: the runner reads and writes the
 * in-process store without copies, which is only safe because projections are pure.
 */
const GUARD_PURITY = process.env.NODE_ENV === 'test';

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/**
 * Folds a batch of events into one projection and commits the documents with the checkpoint.
 * The documents the batch touches are loaded in one query, then folded in memory. Events at or
 * before the checkpoint are skipped, so a redelivered batch changes nothing. Documents are read
 * shared and handed over on commit: projections never change what they are given.
 */
export async function applyBatch(
  store: ReadStore,
  projection: Projection,
  checkpoint: Checkpoint,
  events: readonly RecordedEvent[],
  /** The event types in `events`, when the caller knows them: a projection handling none skips the scan. */
  typesInBatch?: ReadonlySet<string>,
): Promise<{ checkpoint: Checkpoint; changes: ViewChange[] }> {
  const last = events[events.length - 1];
  if (!last || (checkpoint.position !== null && last.position <= checkpoint.position))
    return { checkpoint, changes: [] };

  const handles = new Set(projection.handles);
  const relevant: Array<{ event: RecordedEvent; ids: string[] }> = [];
  const touched = new Set<string>();
  const concerned = !typesInBatch || projection.handles.some((type) => typesInBatch.has(type));
  for (const event of concerned ? events : []) {
    if (checkpoint.position !== null && event.position <= checkpoint.position) continue;
    if (!handles.has(event.type)) continue;
    const ids = projection.documentIds(event);
    relevant.push({ event, ids });
    for (const id of ids) touched.add(id);
  }

  const docs = new Map<string, ViewDocument | null>();
  if (touched.size > 0) {
    for (const doc of await store.find(projection.collection, { _id: { $in: [...touched] } }, { shared: true })) {
      docs.set(doc._id, GUARD_PURITY ? deepFreeze(doc) : doc);
    }
  }
  const orgOf = new Map<string, string | null>();
  for (const { event, ids } of relevant) {
    for (const id of ids) {
      const evolved = projection.evolve(docs.get(id) ?? null, event);
      docs.set(id, GUARD_PURITY ? deepFreeze(evolved) : evolved);
      orgOf.set(id, event.metadata.orgId);
    }
  }

  const ops: WriteOp[] = [...touched].map((id) => {
    const doc = docs.get(id);
    return doc
      ? { op: 'put', collection: projection.collection, doc }
      : { op: 'delete', collection: projection.collection, id };
  });
  const expired = await expiredIds(
    store,
    projection,
    relevant.map((r) => r.event),
  );
  for (const id of expired) if (!touched.has(id)) ops.push({ op: 'delete', collection: projection.collection, id });
  const next = { position: last.position, version: projection.version };
  const applied = await store.commit(projection.name, next, ops, { handOver: true });
  if (!applied) return { checkpoint: (await store.checkpoint(projection.name)) ?? checkpoint, changes: [] };

  const byOrg = new Map<string | null, string[]>();
  for (const [id, orgId] of orgOf) {
    const ids = byOrg.get(orgId);
    if (ids) ids.push(id);
    else byOrg.set(orgId, [id]);
  }
  const changes = [...byOrg].map(([orgId, ids]) => ({ view: projection.name, ids, orgId, position: last.position }));
  return { checkpoint: next, changes };
}
