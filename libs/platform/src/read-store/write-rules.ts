import type { Checkpoint, ViewDocument, WriteOp } from './read-store.port';

/** Checkpoints live beside the documents they describe, so both move in one write. */
export const CHECKPOINTS = '_checkpoints';

export interface CheckpointDocument extends ViewDocument {
  position: number | null;
  version: number;
}

/** True when `next` is already reflected in `stored` (a null position sorts before every event). */
export function alreadyApplied(stored: Checkpoint | null, next: Checkpoint): boolean {
  if (stored === null) return false;
  return (stored.position ?? -Infinity) >= (next.position ?? -Infinity);
}

/**
 * Rejects a batch before anything is written: both adapters refuse the same input, so a projection
 * that works on one works on the other, and no op may overwrite a checkpoint by hand.
 */
export function assertValidOps(ops: readonly WriteOp[]): void {
  for (const op of ops) {
    if (!op.collection || op.collection === CHECKPOINTS) {
      throw new Error(`Read store: cannot write to collection "${op.collection}"`);
    }
    const id = op.op === 'put' ? op.doc._id : op.id;
    if (typeof id !== 'string' || id === '') {
      throw new Error(`Read store: ${op.op} in "${op.collection}" needs a non-empty string _id`);
    }
  }
}

export function toCheckpoint(doc: CheckpointDocument | null | undefined): Checkpoint | null {
  return doc ? { position: doc.position, version: doc.version } : null;
}
