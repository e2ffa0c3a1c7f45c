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
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A real Prometheus (Debian's) scraping `target` (host:port) every second with the bearer `token`, its data in a
 * temp folder; resolves once it answers ready.
 */
export async function startPrometheus(options: { target: string; token: string }): Promise<RunningPrometheus> {
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
      `      - targets: [${JSON.stringify(options.target)}]`,
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

/**
 * `node <script>` (a built process: the projector, a worker) until it logs `ready` with the port its own /metrics
 * listens on (start it with METRICS_PORT=0); `stop` ends it with SIGTERM.
 */
export function startMetricsProcess(
  script: string,
  env: Record<string, string>,
  ready: string,
): Promise<{ metricsPort: number; stop(): Promise<void> }> {
  if (!existsSync(script))
    throw new Error(`${script} is missing: run \`npm run build:server\` (npm test does it first)`);
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((entry) => entry.includes(`"msg":"${ready}"`));
      if (line) resolve({ metricsPort: (JSON.parse(line) as { metricsPort: number }).metricsPort, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`${script} exited: ${output.slice(-2000)}`)));
  });
}
