import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, type RecordedEvent } from '@tocsin/platform';

export interface ChildApp {
  url: string;
  /** Resolves with the signal that ended the process. */
  exited: Promise<string | null>;
  kill(): void;
}

/**
 * The real application in a child process on `dataDir` (test/reliability/app.child.js), set to kill
 * itself with SIGKILL right after recording the process step `crashAfterStep` (`{kind}:{step}`).
 */
export async function startCrashingApp(
  dataDir: string,
  crashAfterStep: string,
  env: Record<string, string> = {},
): Promise<ChildApp> {
  const child = spawn(
    process.execPath,
    [join(__dirname, '..', 'reliability', 'app.child.js'), dataDir, JSON.stringify({ LOG_LEVEL: 'error', ...env })],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TOCSIN_CRASH_AFTER_STEP: crashAfterStep },
    },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
  const exited = new Promise<string | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /listening (\S+)\n/.exec(output);
      if (match) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`the app did not start: ${errors}`)));
  });
  return { url, exited, kill: () => child.kill('SIGKILL') };
}

/** The whole log of a stopped app's data directory, read straight from its SQLite file. */
export async function logOf(dataDir: string): Promise<RecordedEvent[]> {
  const store = SqliteEventStore.open({ file: join(dataDir, 'events.db') });
  try {
    return await store.readAll({ after: null, maxCount: Number.MAX_SAFE_INTEGER });
  } finally {
    await store.close();
  }
}

/** A request the app was killed while answering: the connection drops, and the app ended by SIGKILL. */
export async function expectKilledDuring(answer: PromiseLike<unknown>, child: ChildApp): Promise<void> {
  await expect(answer).rejects.toThrow(/socket hang up|ECONNRESET|fetch failed/);
  expect(await child.exited).toBe('SIGKILL');
}

/** Data directories made for one suite, removed together after it. */
export function tempDataDirs() {
  const dirs: string[] = [];
  return {
    fresh(): string {
      const dir = mkdtempSync(join(tmpdir(), 'tocsin-process-crash-'));
      dirs.push(dir);
      return dir;
    },
    remove: () => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })),
  };
}
