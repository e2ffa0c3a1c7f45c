import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PROJECTIONS } from '@tocsin/read-models';
import Redis from 'ioredis';
import { describeWhen } from '../support/describe-when';
import { eventually } from '../support/eventually';
import {
  freePort,
  hasPrometheus,
  parseSeries,
  PROMETHEUS,
  promtool,
  spawnProcess,
  startPrometheus,
  type ChildProcessHandle,
  type RunningPrometheus,
} from '../support/metrics';
import { REDIS_URL, redisReachable } from '../support/redis';

/** The built apps (npm test builds them first): the api and the worker are one program, APP_ROLE picks the part. */
const API = resolve(__dirname, '../../apps/api/dist/main.js');
const PROJECTOR = resolve(__dirname, '../../apps/projector/dist/main.js');
const TOKEN = `metrics-token-${randomUUID()}`;
/** An id in any of Tocsin's shapes: a UUID, a 32-hex token, a sha256, or a sign-up's org- / source- prefix. */
const ID_LIKE = /[0-9a-f]{8}-[0-9a-f]{4}-|[0-9a-f]{32}|org-|source-/i;
const ROLES = ['api', 'worker', 'projector'] as const;

/**
 * Issue 22's "a real Prometheus scrapes every process": the production shape's three processes (an api, a worker
 * with its jobs on BullMQ, the projector; one SQLite log between them, the embedded store's split shape), each
 * serving its own /metrics behind METRICS_TOKEN, scraped by Debian's Prometheus with the README's scrape config.
 */
describeWhen(
  hasPrometheus && redisReachable(),
  'every process scraped by a real Prometheus (api, worker, projector)',
  `Debian's prometheus package (${PROMETHEUS}) or Redis (${REDIS_URL}) is missing`,
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tocsin-processes-'));
    const prefix = `tocsin-processes-${randomUUID().slice(0, 8)}`;
    const children: ChildProcessHandle[] = [];
    const addresses: Partial<Record<(typeof ROLES)[number], string>> = {};
    let prometheus: RunningPrometheus | null = null;

    const start = (script: string, env: Record<string, string>) => {
      const child = spawnProcess(script, {
        DATA_DIR: dataDir,
        REDIS_URL,
        BULLMQ_PREFIX: prefix,
        METRICS_TOKEN: TOKEN,
        METRICS_PORT: '0',
        HOST: '127.0.0.1',
        ...env,
      });
      children.push(child);
      return child;
    };
    const scrape = async (role: (typeof ROLES)[number]) => {
      const response = await fetch(`http://${addresses[role]}/metrics`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(200);
      return response.text();
    };

    beforeAll(async () => {
      // the api first: it seeds the demo organization into the log the others then read
      const port = await freePort();
      await start(API, { APP_ROLE: 'api', PORT: String(port) }).ready('Tocsin is up');
      addresses.api = `127.0.0.1:${port}`;
      const [worker, projector] = await Promise.all([
        start(API, { APP_ROLE: 'worker' }).ready('worker ready'),
        start(PROJECTOR, {}).ready('projector caught up and live'),
      ]);
      addresses.worker = `127.0.0.1:${worker.metricsPort as number}`;
      addresses.projector = `127.0.0.1:${projector.metricsPort as number}`;
      prometheus = await startPrometheus({
        token: TOKEN,
        targets: ROLES.map((role) => ({ address: addresses[role]!, labels: { role } })),
      });
    }, 120_000);

    afterAll(async () => {
      await prometheus?.stop();
      await Promise.all(children.map((child) => child.stop()));
      rmSync(dataDir, { recursive: true, force: true });
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }, 60_000);

    it.each(ROLES)(
      'the %s passes promtool, shows no id and no token in a label, and refuses a scrape without the token',
      async (role) => {
        const text = await scrape(role);
        expect(await promtool(['check', 'metrics'], text)).toEqual({ code: 0, output: '' });
        const values = parseSeries(text).flatMap((series) => Object.values(series.labels));
        expect(values.filter((value) => ID_LIKE.test(value) || value.includes(TOKEN))).toEqual([]);
        expect(text).not.toContain(TOKEN);
        expect((await fetch(`http://${addresses[role]}/metrics`)).status).toBe(401);
      },
    );

    it("reads each process back through Prometheus's query API: up, the projector's views, the worker's queues", async () => {
      const server = prometheus!;
      const valueOf = async (expression: string) => {
        const [sample] = await server.query(expression);
        return sample ? Number(sample.value[1]) : null;
      };
      // Prometheus takes its targets a few seconds after it starts: poll until every one has a scrape in
      await eventually(async () => (await valueOf('count(up{job="tocsin"} == 1)')) === ROLES.length, 30_000, 200);
      for (const role of ROLES) expect(await valueOf(`up{job="tocsin",role="${role}"}`)).toBe(1);

      // the projector: every view folded, live, and a checkpoint past the demo organization's events
      expect(await valueOf('tocsin_projection_checkpoint_position{role="projector",view="users"}')).toBeGreaterThan(0);
      // every process that folds the log says each view's status, one at a time: without MONGO_URL the api and the
      // worker fold their own in-memory views too
      for (const role of ROLES) {
        expect(await valueOf(`count(tocsin_projection_status{role="${role}",status="live"} == 1)`)).toBe(
          PROJECTIONS.length,
        );
        expect(await valueOf(`sum(tocsin_projection_status{role="${role}"})`)).toBe(PROJECTIONS.length);
      }
      // the worker: its queues' job counts by state, among them the engine probe's job the api queued and this
      // worker completed (the api answers 200 only then), and the queues' stall counters (none stalled)
      expect((await fetch(`http://${addresses.api}/health/engine`)).status).toBe(200);
      await eventually(
        async () => ((await valueOf('tocsin_jobs{role="worker",queue="paging",state="completed"}')) ?? 0) >= 1,
        30_000,
        200,
      );
      expect(await valueOf('count(tocsin_jobs{role="worker",state="waiting"})')).toBeGreaterThan(0);
      expect(await valueOf('count(tocsin_jobs_stalled_total{role="worker"})')).toBeGreaterThan(0);
      expect(await valueOf('sum(tocsin_jobs_stalled_total{role="worker"})')).toBe(0);
      // the api: the log it appends to
      expect(await valueOf('tocsin_event_log_head_position{role="api"}')).toBeGreaterThan(0);
    }, 60_000);
  },
  /* requiredInCi */ true,
);
