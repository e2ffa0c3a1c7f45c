import mongoose, { type Connection, type mongo } from 'mongoose';
import type { Checkpoint, Filter, FindOptions, IndexSpec, ReadStore, ViewDocument, WriteOp } from './read-store.port';
import { CHECKPOINTS, alreadyApplied, assertValidOps, toCheckpoint, type CheckpointDocument } from './write-rules';

type Batch = { collection: string; writes: mongo.AnyBulkWriteOperation<ViewDocument>[] };

/**
 * Read models in MongoDB. Views are dynamic documents, so this talks to the native collections under
 * the mongoose connection rather than through schemas. Commits need transactions, hence a replica set
 * (a single-node one is enough).
 */
export class MongoReadStore implements ReadStore {
  readonly kind = 'mongodb' as const;

  private constructor(private readonly connection: Connection) {}

  static async connect(uri: string, options: { dbName?: string } = {}): Promise<MongoReadStore> {
    const connection = await mongoose.createConnection(uri, { dbName: options.dbName }).asPromise();
    return new MongoReadStore(connection);
  }

  async find<T extends ViewDocument = ViewDocument>(
    collection: string,
    filter: Filter = {},
    options: FindOptions = {},
  ): Promise<T[]> {
    const { sort, skip, limit, fields } = options;
    const projection = fields && { _id: 1, ...Object.fromEntries(fields.map((field) => [field, 1])) };
    const docs = await this.docs(collection)
      .find(filter as mongo.Filter<ViewDocument>, { sort, skip, limit, ...(projection && { projection }) })
      .toArray();
    return docs as T[];
  }

  async findOne<T extends ViewDocument = ViewDocument>(collection: string, filter: Filter): Promise<T | null> {
    return (await this.docs(collection).findOne(filter as mongo.Filter<ViewDocument>)) as T | null;
  }

  async count(collection: string, filter: Filter = {}): Promise<number> {
    return this.docs(collection).countDocuments(filter as mongo.Filter<ViewDocument>);
  }

  async commit(projection: string, checkpoint: Checkpoint, ops: WriteOp[]): Promise<boolean> {
    assertValidOps(ops);
    const checkpoints = this.checkpoints();
    return this.connection.transaction(async (session) => {
      // Snapshot isolation makes this read-then-write safe: a concurrent commit that moved the
      // checkpoint makes our update a write conflict, and the driver retries the whole callback.
      const stored = toCheckpoint(await checkpoints.findOne({ _id: projection }, { session }));
      if (alreadyApplied(stored, checkpoint)) {
        await session.abortTransaction();
        return false;
      }
      for (const batch of batches(ops)) {
        await this.docs(batch.collection).bulkWrite(batch.writes, { session, ordered: true });
      }
      const { position, version } = checkpoint;
      await checkpoints.updateOne({ _id: projection }, { $set: { position, version } }, { upsert: true, session });
      return true;
    });
  }

  async checkpoint(projection: string): Promise<Checkpoint | null> {
    return toCheckpoint(await this.checkpoints().findOne({ _id: projection }));
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    if (indexes.length === 0) return;
    await this.docs(collection).createIndexes(
      indexes.map(({ keys, unique }) => ({ key: keys, ...(unique && { unique }) })),
    );
  }

  async reset(projection: string, collections: string[]): Promise<void> {
    for (const name of collections) await this.docs(name).drop();
    await this.checkpoints().deleteOne({ _id: projection });
  }

  async ping(): Promise<void> {
    const db = this.connection.db;
    if (!db) throw new Error('MongoDB read store: the connection is not open');
    await db.admin().ping();
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private docs(name: string): mongo.Collection<ViewDocument> {
    return this.connection.collection<ViewDocument>(name);
  }

  private checkpoints(): mongo.Collection<CheckpointDocument> {
    return this.connection.collection<CheckpointDocument>(CHECKPOINTS);
  }
}

/** Consecutive ops on one collection become one ordered bulkWrite, keeping the caller's order. */
function batches(ops: WriteOp[]): Batch[] {
  const result: Batch[] = [];
  for (const op of ops) {
    const write: mongo.AnyBulkWriteOperation<ViewDocument> =
      op.op === 'put'
        ? { replaceOne: { filter: { _id: op.doc._id }, replacement: op.doc, upsert: true } }
        : { deleteOne: { filter: { _id: op.id } } };
    const last = result[result.length - 1];
    if (last?.collection === op.collection) last.writes.push(write);
    else result.push({ collection: op.collection, writes: [write] });
  }
  return result;
}
