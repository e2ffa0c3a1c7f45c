import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alertmanager, pagedTeam } from '../../bench/signals.bench';
import { freePort, signIn } from '../../bench/support';
import { describeWhen } from '../support/describe-when';
import { eventually } from '../support/eventually';
import { startOtlpCollector, type CollectedSpan } from '../support/otlp-collector';
import { recordingGateway, type RecordingGateway } from '../support/paging';
import { REDIS_URL, redisReachable } from '../support/redis';

const MAIN = join(__dirname, '../../apps/api/dist/main.js');
const PRELOAD = join(__dirname, '../support/loaded-modules.cjs');
type Collector = Awaited<ReturnType<typeof startOtlpCollector>>;
const SERVER = 2;
const CLIENT = 3;

interface Started {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Stops the process (SIGTERM, as in production) and answers the OpenTelemetry modules it had loaded. */
  stop(): Promise<string[]>;
}

/**
 * The api as `npm start` runs it, in a child process: the SDK must start before the modules it instruments load,
 * which only a fresh process shows. With APP_ROLE=worker it is a worker sharing `dataDir` (the log) with an api.
 */
async function startApi(gateway: RecordingGateway, env: Record<string, string>, dataDir?: string): Promise<Started> {
  if (!existsSync(MAIN)) throw new Error('apps/api/dist/main.js is missing: run `npm run build:server`');
  const worker = env.APP_ROLE === 'worker';
  const ownDir = dataDir ?? mkdtempSync(join(tmpdir(), 'tocsin-traces-'));
  const loadedFile = join(ownDir, `loaded-modules-${worker ? 'worker' : 'api'}.txt`);
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', PRELOAD, MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ownDir,
      // a worker says it is ready in its log only
      LOG_LEVEL: worker ? 'info' : 'warn',
      SIMPLE_PHONE_VERIFICATION: 'true',
      LOADED_MODULES_FILE: loadedFile,
      ...gateway.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes(worker ? '"msg":"worker ready"' : 'Sign in as')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the api did not start (${code}): ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir: ownDir,
    child,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      const loaded = existsSync(loadedFile) ? readFileSync(loadedFile, 'utf8').split('\n').filter(Boolean) : [];
      if (!dataDir) rmSync(ownDir, { recursive: true, force: true });
      return loaded;
    },
  };
}

/** One alert from a source whose policy pages the owner by SMS at once: its ingest URL's token and the alert's id. */
async function ingestOnePage(url: string): Promise<{ token: string; alertId: string }> {
  const session = await signIn(url);
  const { policy, source } = await pagedTeam(url, session, '+14155550100');
  const { token } = await source('Traced', policy);
  const response = await fetch(`${url}/ingest/${token}/alertmanager`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: alertmanager([`traced-${Date.now()}`]),
  });
  expect(response.status).toBe(202);
  const body = (await response.json()) as { data: { results: Array<{ alert_id: string }> } };
  return { token, alertId: body.data.results[0].alert_id };
}

/**
 * Ingests one alert that pages by SMS with traces exported to `collector`, and checks the spans: one trace from the
 * ingest's server span through the paging plan and the job (`jobSpan`) to the page, and no ingest token anywhere.
 */
async function expectOneTrace(
  gateway: RecordingGateway,
  collector: Collector,
  env: Record<string, string>,
  jobSpan: string,
): Promise<void> {
  const api = await startApi(gateway, {
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
    // spans go out every 100 ms rather than every 5 s
    OTEL_BSP_SCHEDULE_DELAY: '100',
    ...env,
  });
  let token = '';
  let loaded: string[] = [];
  try {
    // an orchestrator's probe: not traced (one trace every few seconds, of nothing)
    expect((await fetch(`${api.url}/health/live`)).status).toBe(200);
    const ingested = await ingestOnePage(api.url);
    token = ingested.token;
    await eventually(() => gateway.received.some((page) => page.message.alertId === ingested.alertId));
    await eventually(() => collector.spans.some((span) => span.name === 'page sms'));
  } finally {
    loaded = await api.stop();
  }
  const isIngest = (span: CollectedSpan) =>
    span.kind === SERVER && Object.values(span.attributes).some((value) => value.includes('/ingest/'));
  const ingest = collector.spans.filter(isIngest);
  expect(ingest).toHaveLength(1);
  const trace = collector.spans.filter((span) => span.traceId === ingest[0].traceId);
  const page = trace.find((span) => span.name === 'page sms');
  expect(page?.attributes['tocsin.channel']).toBe('sms');
  expect(page?.attributes['tocsin.page.outcome']).toBe('sent');
  // the gateway's HTTP call under it, recorded by its origin alone (a provider's path can be its secret)
  const call = trace.find((span) => span.kind === CLIENT && span.parentSpanId === page?.spanId);
  expect(call?.attributes['url.full'] ?? call?.attributes['http.url']).toBe(gateway.url);
  // carried through the log and the job: the paging plan and the job's run are in the same trace
  expect(trace.map((span) => span.name)).toEqual(expect.arrayContaining(['paging plan', jobSpan]));
  expect(new Set(trace.map((span) => span.service))).toEqual(new Set(['tocsin-api']));
  // the ingest URL is recorded with its token redacted, and no attribute of any span holds the token
  expect(Object.values(ingest[0].attributes).join(' ')).toContain('/ingest/[redacted]/alertmanager');
  for (const span of collector.spans) expect(JSON.stringify(span.attributes)).not.toContain(token);
  expect(collector.spans.filter((span) => Object.values(span.attributes).some((v) => v.includes('/health/')))).toEqual(
    [],
  );
  expect(loaded.some((path) => path.includes('@opentelemetry/sdk-node'))).toBe(true);
  // BullMQ's telemetry is loaded where BullMQ runs the jobs, and only there
  expect(loaded.some((path) => path.includes('bullmq-otel'))).toBe(env.REDIS_URL !== undefined);
}

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let gateway: RecordingGateway;
  let collector: Collector;
  beforeEach(async () => {
    gateway = await recordingGateway();
    collector = await startOtlpCollector();
  });
  afterEach(async () => {
    await gateway.close();
    await collector.close();
  });

  it('follows one alert from the ingest request to the page handed to the channel in one trace, no token in it', () =>
    expectOneTrace(gateway, collector, {}, 'paging process'));

  it('loads nothing of OpenTelemetry and sends nothing without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const api = await startApi(gateway, {});
    let loaded: string[] = [];
    try {
      const { alertId } = await ingestOnePage(api.url);
      await eventually(() => gateway.received.some((page) => page.message.alertId === alertId));
    } finally {
      loaded = await api.stop();
    }
    // prom-client requires @opentelemetry/api on its own when it is installed (a no-op facade without an SDK); the
    // SDK, its instrumentations and exporter, and bullmq-otel stay unloaded
    expect(loaded.filter((path) => !/[\\/]@opentelemetry[\\/]api[\\/]/.test(path))).toEqual([]);
    expect(collector.requests).toEqual([]);
  });
});

describeWhen(
  redisReachable(),
  'traces through BullMQ (REDIS_URL)',
  `Redis is not reachable at ${REDIS_URL}`,
  () => {
    let gateway: RecordingGateway;
    let collector: Collector;
    beforeEach(async () => {
      gateway = await recordingGateway();
      collector = await startOtlpCollector();
    });
    afterEach(async () => {
      await gateway.close();
      await collector.close();
    });

    it("carries the trace in the job with BullMQ's telemetry (bullmq-otel) to the worker that pages", () =>
      expectOneTrace(
        gateway,
        collector,
        { REDIS_URL, BULLMQ_PREFIX: `tocsin-traces-${randomUUID()}` },
        // bullmq-otel's consumer span: the operation, then the queue
        'process paging',
      ));

    it('continues the trace in a worker process apart from the api: the ingest in tocsin-api, the page in tocsin-worker', async () => {
      const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' };
      const redis = { REDIS_URL, BULLMQ_PREFIX: `tocsin-traces-${randomUUID()}` };
      const api = await startApi(gateway, { ...tracing, ...redis, APP_ROLE: 'api' });
      let worker: Started | undefined;
      try {
        worker = await startApi(gateway, { ...tracing, ...redis, APP_ROLE: 'worker' }, api.dataDir);
        const { alertId } = await ingestOnePage(api.url);
        await eventually(() => gateway.received.some((page) => page.message.alertId === alertId));
        await eventually(() => collector.spans.some((span) => span.name === 'page sms'));
      } finally {
        await worker?.stop();
        await api.stop();
      }
      const ingest = collector.spans.find(
        (span) => span.kind === SERVER && Object.values(span.attributes).some((value) => value.includes('/ingest/')),
      );
      expect(ingest?.service).toBe('tocsin-api');
      const page = collector.spans.find((span) => span.name === 'page sms');
      expect(page?.service).toBe('tocsin-worker');
      expect(page?.traceId).toBe(ingest?.traceId);
    });
  },
  true,
);
