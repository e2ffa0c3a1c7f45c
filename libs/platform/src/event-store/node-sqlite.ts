import type * as NodeSqlite from 'node:sqlite';

/**
 * Node's own SQLite (node:sqlite, Node >= 22.16): nothing to compile, nothing tied to one Node ABI.
 * Node 22 announces the module with an ExperimentalWarning on load; it is the one warning silenced
 * here (Node 24 and 26 no longer print it), every other warning still reaches the process. Jest's
 * sandbox has a process object of its own, so suites on Node 22 still show it once per worker.
 */
function load(): typeof NodeSqlite {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).startsWith('SQLite is an experimental feature')) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    // required here, not imported: the filter must be in place when the module loads
    return require('node:sqlite') as typeof NodeSqlite;
  } catch (error) {
    throw new Error(
      `Tocsin needs Node.js 22.16 or later (24 and 26 are supported too); this is Node.js ${process.versions.node}. ` +
        'Run it through npm (npm start, npm test), which uses the Node.js that npm ci brought, or install a supported Node.js.',
      { cause: error },
    );
  } finally {
    process.emitWarning = emitWarning;
  }
}

export const { DatabaseSync } = load();
export type DatabaseSync = NodeSqlite.DatabaseSync;
export type StatementSync = NodeSqlite.StatementSync;

/** SQLite's extended result code for a UNIQUE constraint (SQLITE_CONSTRAINT_UNIQUE). */
export const SQLITE_CONSTRAINT_UNIQUE = 2067;

export function sqliteErrorCode(error: unknown): number | undefined {
  return (error as { errcode?: number } | null)?.errcode;
}
