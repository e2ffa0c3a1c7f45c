import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { teamStream } from '@tocsin/domain';
import { logOf } from '../support/crashing-app';
import { signInAs } from '../support/session';

/** How long the server works before it is stopped: long enough for many collections under load. */
const LOAD_MS = 12_000;
const PARALLEL = 16;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A pager that aborts at shutdown (or at a random GC) loses pages: the server as `npm start` runs it,
 * in a child process, works under load with a full garbage collection every 100 ms, then is stopped
 * with SIGTERM. It must exit 0, print no native assertion, and keep every change it acknowledged.
 */
describe('the server stopped with SIGTERM after a while under load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tocsin-sigterm-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 0 and keeps every acknowledged change', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--expose-gc', join(__dirname, 'server.child.js')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
        TOCSIN_GC_EVERY_MS: '100',
      },
    });
    let output = '';
    let errors = '';
    const server = child;
    server.stderr!.on('data', (chunk: Buffer) => (errors += chunk));
    const exited = new Promise<[number | null, string | null]>((resolve) =>
      server.on('close', (code, signal) => resolve([code, signal])),
    );
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Sign in as:') && output.endsWith('\n\n')) resolve();
      });
      void exited.then(([code, signal]) =>
        reject(new Error(`the server did not start (${code ?? signal}): ${errors}`)),
      );
    });

    const url = `http://127.0.0.1:${port}`;
    const owner = await signInAs(url, 'owner');
    const acknowledged: string[] = [];
    const started = Date.now();
    let rounds = 0;
    for (let round = 0; Date.now() - started < LOAD_MS; round++) {
      rounds += 1;
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => owner.post('/api/v1/teams').send({ name: `Load ${round}-${i}` })),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(201);
        acknowledged.push(answer.body.data.id as string);
      }
      // reads that prepare and drop statements of their own: the log's history and the views
      await owner.get('/api/v1/history').query({ per_page: 50 }).expect(200);
      await owner.get('/api/v1/teams').query({ per_page: 100 }).expect(200);
      await owner.get('/infra/health').expect(200);
    }

    console.log(
      `sigterm-shutdown: ${acknowledged.length} changes in ${((Date.now() - started) / 1000).toFixed(1)} s under forced GC on Node ${process.versions.node}`,
    );
    server.kill('SIGTERM');
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(errors).not.toMatch(/Assertion failed|Segmentation fault|FATAL ERROR/);

    const streams = new Set(
      (await logOf(dataDir)).filter((event) => event.type === 'TeamCreated').map((event) => event.stream),
    );
    expect(acknowledged.filter((id) => !streams.has(teamStream(id)))).toEqual([]);
    expect(acknowledged).toHaveLength(rounds * PARALLEL);
  }, 180_000);
});
