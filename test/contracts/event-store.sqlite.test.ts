import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, WrongExpectedRevisionError } from '@tocsin/platform';
import { sqliteBatchWriter } from '../../libs/platform/src/event-store/sqlite-batch-writer';
import { SqliteGroupCommit } from '../../libs/platform/src/event-store/sqlite-group-commit';
import { openEventDatabase } from '../../libs/platform/src/event-store/sqlite-schema';
import { startWriterThread, writerThreadSource } from '../../libs/platform/src/event-store/sqlite-writer-thread';
import { Collector, newEvent, uniqueStream, waitFor } from './event-store-fixtures';
import { eventStoreContract } from './event-store.contract';

const dir = mkdtempSync(join(tmpdir(), 'tocsin-event-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

eventStoreContract('SqliteEventStore', async () => SqliteEventStore.open({ file: join(dir, 'contract', 'events.db') }));

describe('SqliteEventStore group commit and file sharing', () => {
  let file: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    file = join(dir, `${uniqueStream('file')}.db`);
    store = SqliteEventStore.open({ file });
  });
  afterEach(() => store.close());

  it('writes appends made at the same time in one transaction', async () => {
    const before = store.stats();
    await Promise.all(Array.from({ length: 200 }, () => store.append(uniqueStream(), [newEvent('A')], 'no_stream')));
    const after = store.stats();
    expect(after.appends - before.appends).toBe(200);
    expect(after.commits - before.commits).toBeLessThan(200);
  });

  it('writes on a thread of its own: the event loop keeps turning while a batch is written', async () => {
    const events = Array.from({ length: 20_000 }, (_, i) => newEvent('Bulk', { i }));
    let turns = 0;
    let writing = true;
    const turn = () => {
      turns += 1;
      if (writing) setImmediate(turn);
    };
    const appended = store.append(uniqueStream(), events, 'no_stream').finally(() => (writing = false));
    setImmediate(turn);
    await expect(appended).resolves.toMatchObject({ nextRevision: 19_999 });
    // written on the event loop, the batch held it from start to end: one turn, after the write
    expect(turns).toBeGreaterThan(10);
  });

  it('fails an append whose data JSON cannot hold alone, before it reaches the writer', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const stream = uniqueStream();
    const [bad, good] = await Promise.allSettled([
      store.append(uniqueStream(), [newEvent('Cyclic', cyclic)], 'no_stream'),
      store.append(stream, [newEvent('Fine')], 'no_stream'),
    ]);
    expect(bad).toMatchObject({ status: 'rejected', reason: expect.any(TypeError) });
    expect(good).toMatchObject({ status: 'fulfilled' });
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('fails a conflicting append alone and keeps the rest of its batch', async () => {
    const stream = uniqueStream();
    const opened = newEvent('Opened');
    await store.append(stream, [opened], 'no_stream');
    const commits = store.stats().commits;
    const [before, conflicting, partialRetry, after] = await Promise.allSettled([
      store.append(stream, [newEvent('Next')], 0),
      store.append(stream, [newEvent('Stale')], 0),
      store.append(stream, [opened, newEvent('Half a retry')], 'any'),
      store.append(stream, [newEvent('Last')], 1),
    ]);
    expect(store.stats().commits).toBe(commits + 1);
    expect(before).toEqual({ status: 'fulfilled', value: expect.objectContaining({ nextRevision: 1 }) });
    expect(conflicting).toMatchObject({ status: 'rejected', reason: { stream, expected: 0, actual: 1 } });
    expect((conflicting as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(partialRetry).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringContaining('already stored') },
    });
    expect(after).toEqual({ status: 'fulfilled', value: expect.objectContaining({ nextRevision: 2 }) });
    expect((await store.readStream(stream)).map((event) => event.type)).toEqual(['Opened', 'Next', 'Last']);
  });

  it('lets a second connection to the file (another process) follow new events by polling', async () => {
    const writer = store;
    const reader = SqliteEventStore.open({ file, pollIntervalMs: 20 });
    const collector = new Collector();
    const subscription = reader.subscribeToAll(null, collector);
    await waitFor(() => collector.caughtUp);
    const stream = uniqueStream();
    await writer.append(stream, [newEvent('A'), newEvent('B')], 'no_stream');
    await waitFor(() => collector.events.length === 2);
    await subscription.close();
    await reader.close();
    expect(collector.events.map((event) => [event.stream, event.revision])).toEqual([
      [stream, 0],
      [stream, 1],
    ]);
  });

  it('hands every subscription following the log each new event once, in order, from one read per commit', async () => {
    const stream = uniqueStream();
    await store.append(stream, [newEvent('Before')], 'no_stream');
    const collectors = Array.from({ length: 3 }, () => new Collector());
    const subscriptions = collectors.map((collector) => store.subscribeToAll(null, collector));
    await waitFor(() => collectors.every((collector) => collector.caughtUp));
    const before = collectors.map((collector) => collector.events.length);
    for (let i = 0; i < 20; i++) await store.append(stream, [newEvent(`E${i}`), newEvent(`F${i}`)], 2 * i);
    const expected = Array.from({ length: 20 }, (_, i) => [`E${i}`, `F${i}`]).flat();
    await waitFor(() => collectors.every((collector, c) => collector.events.length === before[c] + 40));
    await Promise.all(subscriptions.map((subscription) => subscription.close()));
    const seen = collectors.map((collector, c) => collector.events.slice(before[c]));
    for (const events of seen) {
      expect(events.map((event) => event.type)).toEqual(expected);
      expect(collectors.every((collector) => !collector.overlapped && !collector.error)).toBe(true);
    }
    // the same events, not copies: the page read for the first subscription served the others
    expect(seen[1].filter((event, i) => event === seen[0][i]).length).toBeGreaterThan(0);
  });

  it('waits for queued appends before closing', async () => {
    const stream = uniqueStream();
    const appended = store.append(stream, [newEvent('A')], 'no_stream');
    await store.close();
    await expect(appended).resolves.toMatchObject({ nextRevision: 0 });
    const reopened = SqliteEventStore.open({ file });
    expect(await reopened.readStream(stream)).toHaveLength(1);
    await reopened.close();
  });
});

/**
 * A batch writer whose thread stops (process.exit in a worker ends that thread alone) in the middle of a batch
 * that holds an append to a `crash-` stream: after BEGIN IMMEDIATE and a row written, with the write lock held.
 */
const stopsMidBatch = `(db) => {
  const writer = (${sqliteBatchWriter.toString()})(db);
  return {
    write(batch) {
      if (!batch.some((append) => append.stream.startsWith('crash-'))) return writer.write(batch);
      db.exec('BEGIN IMMEDIATE');
      db.prepare("INSERT INTO events (id, stream, revision, type, data, metadata, occurred_at, recorded_at) VALUES ('half', 'crash-half', 0, 'Half', '{}', '{}', '', '')").run();
      process.exit(1);
    },
  };
}`;

describe('SqliteGroupCommit when its writer thread stops in the middle of a batch', () => {
  it('fails that batch, releases the lock, and writes what follows on a new thread', async () => {
    const file = join(dir, `${uniqueStream('crash')}.db`);
    openEventDatabase(file).close();
    const started: string[] = [];
    const commit = new SqliteGroupCommit(
      file,
      () => undefined,
      (path, handlers) => {
        started.push(path);
        return startWriterThread(path, handlers, writerThreadSource(stopsMidBatch));
      },
    );
    const before = newEvent('Before');
    await commit.enqueue('kept', [before], 'no_stream');

    const crashing = commit.enqueue(uniqueStream('crash'), [newEvent('Crash')], 'no_stream');
    const sameBatch = newEvent('Same batch');
    const inSameBatch = commit.enqueue('retried', [sameBatch], 'no_stream');
    // queued while the crashing batch is in flight: it goes to the next thread
    await new Promise((resolve) => setImmediate(resolve));
    const queuedBehind = commit.enqueue('kept', [newEvent('After')], 0);

    const stopped = { status: 'rejected', reason: { message: expect.stringContaining('writer thread stopped') } };
    expect(await Promise.allSettled([crashing, inSameBatch])).toMatchObject([stopped, stopped]);
    // the dead thread's connection held the write lock: a new one gets it (else SQLITE_BUSY after busy_timeout)
    await expect(queuedBehind).resolves.toMatchObject({ nextRevision: 1 });
    // a caller retrying the failed append with its event ids gets it written once
    await expect(commit.enqueue('retried', [sameBatch], 'no_stream')).resolves.toMatchObject({ nextRevision: 0 });
    await commit.close();
    expect(started.length).toBe(2);

    const store = SqliteEventStore.open({ file });
    const log = await store.readAll({ after: null, maxCount: 100 });
    await store.close();
    // nothing of the crashed transaction: not the row written before the thread stopped, not its batch's appends
    expect(log.map((event) => [event.stream, event.type])).toEqual([
      ['kept', 'Before'],
      ['kept', 'After'],
      ['retried', 'Same batch'],
    ]);
  });
});
