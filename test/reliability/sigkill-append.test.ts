import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, SqliteEventStore, type RecordedEvent } from '@tocsin/platform';

const ACKNOWLEDGED_BEFORE_KILL = 3000;

/** Runs the appending child until it has acknowledged enough events, then kills it without warning. */
async function appendUntilKilled(file: string): Promise<string[]> {
  const child = spawn(process.execPath, [join(__dirname, 'sigkill-append.child.js'), file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
  // a pipe whose writer was killed mid-write may end with ECONNRESET: the kill is the point, not an error
  for (const pipe of [child.stdout, child.stderr])
    pipe.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') throw error;
    });
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
    if (output.split('\n').length > ACKNOWLEDGED_BEFORE_KILL) child.kill('SIGKILL');
  });
  const [, signal] = (await new Promise((resolve) => child.on('close', (...args) => resolve(args)))) as [
    number | null,
    string | null,
  ];
  expect({ signal, errors }).toEqual({ signal: 'SIGKILL', errors: '' });
  // a line cut by the kill was never a complete acknowledgement
  return output.split('\n').slice(0, -1);
}

describe('SQLite event store killed mid-append', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tocsin-sigkill-'));
  const file = join(dir, 'events.db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged event and a consistent log', async () => {
    const acknowledged = await appendUntilKilled(file);
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    const raw = new DatabaseSync(file);
    expect(raw.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    raw.close();

    const store = SqliteEventStore.open({ file });
    const log: RecordedEvent[] = await store.readAll({ after: null, maxCount: Number.MAX_SAFE_INTEGER });
    await store.close();

    const stored = new Set(log.map((event) => event.id));
    expect(stored.size).toBe(log.length);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(log.every((event, i) => i === 0 || event.position > log[i - 1].position)).toBe(true);
    const revisions = new Map<string, number[]>();
    for (const event of log) {
      if (!revisions.has(event.stream)) revisions.set(event.stream, []);
      revisions.get(event.stream)!.push(event.revision);
    }
    for (const [stream, seen] of revisions) expect({ stream, seen }).toEqual({ stream, seen: seen.map((_, i) => i) });
  });
});
