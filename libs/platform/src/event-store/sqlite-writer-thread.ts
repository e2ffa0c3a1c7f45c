import { Worker } from 'node:worker_threads';
import { sqliteBatchWriter, type BatchResult, type WireAppend } from './sqlite-batch-writer';
import { CONNECTION_PRAGMAS } from './sqlite-schema';

/**
 * The writer thread's body, run as source text (see `startWriterThread`), so it uses nothing outside itself: it
 * opens its own connection to the log (the process's reads keep theirs; WAL lets them read while it writes) and
 * answers each batch it is sent with the batch's outcomes, in order.
 */
function writerThread(makeWriter: typeof sqliteBatchWriter): void {
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  // Node 22 announces node:sqlite with an ExperimentalWarning; the one warning silenced (as node-sqlite.ts does)
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).startsWith('SQLite is an experimental feature')) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  const { DatabaseSync } = require('node:sqlite') as typeof import('node:sqlite');
  process.emitWarning = emitWarning;
  const { file, pragmas } = workerData as { file: string; pragmas: string[] };
  const db = new DatabaseSync(file);
  for (const pragma of pragmas) db.exec(pragma);
  const writer = makeWriter(db);
  parentPort!.on('message', (batch: WireAppend[]) => parentPort!.postMessage(writer.write(batch)));
}

/** The thread's source for a batch writer given as source text (a function of the connection, like sqliteBatchWriter). */
export const writerThreadSource = (batchWriter: string) => `(${writerThread.toString()})(${batchWriter})`;

const SOURCE = writerThreadSource(sqliteBatchWriter.toString());

export interface WriterThread {
  /** Writes one batch; at most one is in flight at a time (the caller queues the next). */
  write(batch: WireAppend[]): void;
  /** Holds the process open while a batch is in flight, lets it exit when idle. */
  busy(busy: boolean): void;
  terminate(): Promise<unknown>;
}

export interface WriterThreadHandlers {
  onResult(result: BatchResult): void;
  /** The thread stopped on its own (it threw, or ran out of memory): never called after `terminate`. */
  onStopped(error: Error): void;
}

/**
 * Starts the thread that writes the log's file: the appends' SQLite work and fsync (a third of a busy process's
 * event loop when each new alert pages) run beside the event loop instead of on it. The database's schema must
 * already be in place (openEventDatabase on the caller's connection). `source` is the thread's body; the tests
 * give one whose writer stops the thread in the middle of a transaction, to check what a crash leaves.
 */
export function startWriterThread(file: string, handlers: WriterThreadHandlers, source = SOURCE): WriterThread {
  const worker = new Worker(source, { eval: true, workerData: { file, pragmas: CONNECTION_PRAGMAS } });
  worker.unref();
  let stopping = false;
  let failed: Error | null = null;
  worker.on('message', (result: BatchResult) => handlers.onResult(result));
  worker.on('error', (error) => (failed = error));
  worker.on('exit', (code) => {
    if (stopping) return;
    handlers.onStopped(failed ?? new Error(`The event log's writer thread stopped (exit code ${code})`));
  });
  return {
    write: (batch) => worker.postMessage(batch),
    busy: (busy) => (busy ? worker.ref() : worker.unref()),
    terminate: () => {
      stopping = true;
      return worker.terminate();
    },
  };
}
