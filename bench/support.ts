import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

/** Ports handed out in this run: two processes started one after the other never get the same one. */
const handedOut = new Set<number>();

/**
 * A port nothing listens on now, for a process a bench starts. It is drawn below Linux's ephemeral range (32768 and
 * up): a port the kernel picked (listen on 0) could be taken, before the child bound it, by one of the thousands of
 * outgoing connections a socket bench opens, and the child failed with EADDRINUSE (it did once, in the rooms bench).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (!free) continue;
    handedOut.add(port);
    return port;
  }
}

export const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `tocsin-bench-${name}-`));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Starts a Node script as a child process and resolves once it prints `ready <port>`... or the api banner. */
export function startChild(
  args: string[],
  env: Record<string, string>,
  readyPattern: RegExp,
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  return new Promise((resolve, reject) => {
    // BENCH_PROFILE=dir: every process a bench starts writes a V8 CPU profile there when it stops (open it in
    // Chrome's DevTools), to see what limits a figure
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const child = spawn(process.execPath, ['--max-semi-space-size=64', ...profile, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(readyPattern);
      if (match) {
        child.stdout!.off('data', onData);
        resolve({ child, match });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`child exited with ${code}: ${out.slice(-2000)}`)));
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

export async function load(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ duration: 8, connections: 64, pipelining: 1, ...options });
}

export interface Session {
  cookie: string;
  csrf: string;
}

/** Commands need a signed-in owner: sign in as the seeded demo owner once, as a browser would. */
export async function signIn(
  url: string,
  email = 'owner@demo.tocsin.dev',
  password = 'tocsin-demo-password',
): Promise<Session> {
  const response = await fetch(`${url}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const pairs = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = decodeURIComponent(pairs.find((p) => p.startsWith('tocsin_csrf='))!.split('=')[1]);
  return { cookie: pairs.join('; '), csrf };
}

/**
 * A figure from nothing is no figure (issue 23, "Benchmarks that cannot lie"): throws, naming the measure and its
 * figures, when a measure counted nothing, a figure is not a finite number, or more than 1% of what was sent
 * failed. `figures` are every number the table will print; `sent` what was sent and `failed` what was not answered
 * as it should be (non-2xx and errors).
 */
export function trustworthy<T extends Record<string, unknown>>(
  measure: string,
  figures: T,
  counts: { sent: number; received: number; failed: number },
): T {
  const wrong = [
    !(counts.sent > 0) && 'nothing was sent',
    !(counts.received > 0) && 'nothing was received',
    counts.failed > counts.sent / 100 && `${counts.failed} of ${counts.sent} failed (more than 1%)`,
    ...Object.entries(figures)
      .filter(([, value]) => typeof value === 'number' && !Number.isFinite(value))
      .map(([name]) => `${name} is not a number`),
  ].filter(Boolean);
  if (wrong.length > 0)
    throw new Error(`${measure} measured nothing trustworthy (${wrong.join('; ')}): ${JSON.stringify(figures)}`);
  return figures;
}

/** What an autocannon run sent, had answered with a 2xx, and lost (non-2xx and errors), for `trustworthy`. */
export const countsOf = (result: autocannon.Result) => ({
  sent: result.requests.total + result.errors,
  received: result.requests.total - result.non2xx,
  failed: result.non2xx + result.errors,
});

/** The run of `measure` whose `by` is the median of `runs` runs, with every run's figure beside it. */
export async function medianRun<T>(
  runs: number,
  measure: () => Promise<T>,
  by: (result: T) => number,
): Promise<T & { runs: number[] }> {
  const results: T[] = [];
  for (let i = 0; i < runs; i++) results.push(await measure());
  const sorted = [...results].sort((a, b) => by(a) - by(b));
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], runs: results.map(by) };
}

/** How many runs a measure's median is taken over (`BENCH_RUNS`, at least 3 as issue 23 asks). */
export const benchRuns = () => Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
