import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One sample of a Prometheus text exposition: its name, labels and value. */
export interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
  /** Name and labels as written: one per series. */
  key: string;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a scrape (comments and blank lines left out). */
export function parseSeries(text: string): Series[] {
  const series: Series[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) labels[name] = value;
    series.push({ name: match[1], labels, value: Number(match[3]), key: `${match[1]}{${match[2] ?? ''}}` });
  }
  return series;
}

/** Debian's prometheus package: the server and promtool. */
export const PROMETHEUS = '/usr/bin/prometheus';
export const PROMTOOL = '/usr/bin/promtool';
export const hasPrometheus = existsSync(PROMETHEUS) && existsSync(PROMTOOL);

/** promtool with `args`, `input` on its stdin: its exit code and what it said. */
export function promtool(args: string[], input = ''): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(PROMTOOL, args, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
    child.stdin?.end(input);
  });
}

export interface RunningPrometheus {
  /** An instant query through the HTTP API (/api/v1/query): its vector. */
  query(expression: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>>;
  stop(): Promise<void>;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A scrape target: host:port, and the labels Prometheus adds to its series (e.g. `role`). */
export interface ScrapeTarget {
  address: string;
  labels?: Record<string, string>;
}

/**
 * A real Prometheus (Debian's) scraping each target every second with the bearer `token` (one job, `tocsin`, as the
 * README's scrape config), its data in a temp folder; resolves once it answers ready.
 */
export async function startPrometheus(options: { targets: ScrapeTarget[]; token: string }): Promise<RunningPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'tocsin-prometheus-'));
  const config = join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      'scrape_configs:',
      '  - job_name: tocsin',
      '    authorization:',
      `      credentials: ${JSON.stringify(options.token)}`,
      '    static_configs:',
      ...options.targets.flatMap(({ address, labels }) => [
        `      - targets: [${JSON.stringify(address)}]`,
        ...(labels ? [`        labels: ${JSON.stringify(labels)}`] : []),
      ]),
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus did not start: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    async query(expression) {
      const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = (await response.json()) as { status: string; data: { result: [] }; error?: string };
      if (body.status !== 'success') throw new Error(`prometheus query failed: ${body.error}`);
      return body.data.result;
    },
    stop,
  };
}

/** A built Tocsin process (`node <script>`) and what it logged. */
export interface ChildProcessHandle {
  /** The first JSON log line whose `msg` is `message`, once logged; rejects if the process exits first. */
  ready(message: string): Promise<Record<string, unknown>>;
  /** SIGTERM, then SIGKILL if it has not ended within 10 s; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts `node <script>` (a built app) with only `env` (and PATH); nothing is awaited, so `stop` always applies. */
export function spawnProcess(script: string, env: Record<string, string>): ChildProcessHandle {
  if (!existsSync(script))
    throw new Error(`${script} is missing: run \`npm run build:server\` (npm test does it first)`);
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<() => void> = [];
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters) waiter();
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ready: (message) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const line = output.split('\n').find((entry) => entry.includes(`"msg":"${message}"`));
          if (line) resolve(JSON.parse(line) as Record<string, unknown>);
        };
        waiters.push(check);
        check();
        void exited.then(() => reject(new Error(`${script} exited: ${output.slice(-2000)}`)));
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * `node <script>` (a built process: the projector, a worker) until it logs `ready` with the port its own /metrics
 * listens on (start it with METRICS_PORT=0); `stop` ends it with SIGTERM.
 */
export async function startMetricsProcess(
  script: string,
  env: Record<string, string>,
  ready: string,
): Promise<{ metricsPort: number; stop(): Promise<void> }> {
  const child = spawnProcess(script, { METRICS_PORT: '0', ...env });
  try {
    const line = await child.ready(ready);
    return { metricsPort: line.metricsPort as number, stop: () => child.stop() };
  } catch (error) {
    await child.stop();
    throw error;
  }
}
