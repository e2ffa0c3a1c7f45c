import { join } from 'node:path';
import { MemoryReadStore, ProjectionRunner, SqliteEventStore, type NewEvent } from '@tocsin/platform';
import { PROJECTIONS } from '@tocsin/read-models';
import { openEventDatabase } from '../libs/platform/src/event-store/sqlite-schema';
import { tempDir, trustworthy } from './support';

let n = 0;
/**
 * Policy item events spread over 1,000 organizations with 50 items each: the shape of real traffic (an
 * organization's policy has a few dozen items at most). One organization with 50,000 items would only
 * measure per-organization documents growing without bound, which no organization does.
 */
const event = (): NewEvent => {
  n++;
  const orgId = `org-bench-${n % 1000}`;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    type: n % 4 === 0 ? 'PolicyItemChanged' : 'PolicyItemCreated',
    data: { id: `item-${n % 50_000}`, orgId, priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' },
    metadata: {
      orgId,
      actorId: 'bench',
      commandId: id,
      correlationId: id,
      causationId: id,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
};
const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;

/**
 * The log's own table and indexes with no store code: the same rows as the batched appends, inserted by one
 * prepared statement in transactions of 1,000 on the caller's thread. Beside raw SQLite (one table, no index) it
 * shows what the schema costs, and beside the batched appends what the store's code and thread cost over it.
 */
function schemaBatchedInsertsPerSec(file: string): number {
  const db = openEventDatabase(file);
  const insert = db.prepare(
    `INSERT INTO events (id, stream, revision, type, data, metadata, actor_id, occurred_at, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const [begin, commit] = [db.prepare('BEGIN IMMEDIATE'), db.prepare('COMMIT')];
  const batches = 100;
  const t = process.hrtime.bigint();
  for (let b = 0; b < batches; b++) {
    begin.run();
    const recordedAt = new Date().toISOString();
    for (let revision = 0; revision < 1000; revision++) {
      const { id, type, data, metadata } = event();
      const row = [id, `schema-${b}`, revision, type, JSON.stringify(data), JSON.stringify(metadata)] as const;
      insert.run(...row, metadata.actorId, metadata.occurredAt, recordedAt);
    }
    commit.run();
  }
  const perSec = (batches * 1000) / seconds(t);
  db.close();
  return perSec;
}

/** Append throughput (sequential, concurrent singles sharing commits, batches) and replay throughput. */
export async function benchEventStore() {
  const schemaPerSec = schemaBatchedInsertsPerSec(join(tempDir('schema'), 'events.db'));
  const store = await SqliteEventStore.open({ file: join(tempDir('append'), 'events.db') });

  const sequential = 2000;
  let t = process.hrtime.bigint();
  for (let i = 0; i < sequential; i++) await store.append(`seq-${i}`, [event()], 'any');
  const sequentialPerSec = sequential / seconds(t);

  const concurrent = 50_000;
  t = process.hrtime.bigint();
  const inFlight = 256;
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < concurrent) await store.append(`conc-${next++}`, [event()], 'no_stream');
    }),
  );
  const concurrentPerSec = concurrent / seconds(t);

  const batches = 200;
  const batchSize = 1000;
  t = process.hrtime.bigint();
  for (let i = 0; i < batches; i++)
    await store.append(
      `batch-${i}`,
      Array.from({ length: batchSize }, () => event()),
      'no_stream',
    );
  const batchedPerSec = (batches * batchSize) / seconds(t);

  const total = (await store.headPosition()) ?? 0;
  t = process.hrtime.bigint();
  const runner = new ProjectionRunner(store, new MemoryReadStore(), PROJECTIONS, () => undefined);
  await runner.start();
  const replaySeconds = seconds(t);
  await runner.stop();
  await store.close();
  const appended = sequential + concurrent + batches * batchSize;
  return trustworthy(
    'the event store benchmark',
    {
      sequentialAppendsPerSec: sequentialPerSec,
      concurrentSingleAppendsPerSec: concurrentPerSec,
      schemaBatchedInsertsPerSec: schemaPerSec,
      batchedEventsPerSec: batchedPerSec,
      replayEvents: total,
      replayEventsPerSec: total / replaySeconds,
    },
    // every event appended is in the log, and the replay read them all
    { sent: appended, received: total, failed: appended - total },
  );
}
