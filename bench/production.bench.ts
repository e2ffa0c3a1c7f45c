import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import Redis from 'ioredis';
import { gateway, pagedCounts, pagedTeam, pageLatency, settle, signalsEnv } from './signals.bench';
import { benchRuns, freePort, median, signIn, startChild, stopChild, trustworthy } from './support';

/**
 * Ingest -> first page in the production shape beside the embedded one, in the same run: the api, the worker and
 * the projector as three processes sharing one log, their jobs on BullMQ in the real Redis (`BENCH_REDIS_URL`,
 * default the local one), against one embedded process. EventStoreDB and MongoDB are not on this machine: the
 * log and the read models stay embedded in both shapes, so the difference is the queue and the processes.
 */
export async function benchProductionShape() {
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const seconds = Number(process.env.BENCH_PRODUCTION_SECONDS ?? 20);
  const rate = 200;
  const prefix = `tocsin-bench-${randomUUID().slice(0, 8)}`;
  const pager = await gateway();
  const children: ChildProcess[] = [];
  const start = async (args: string[], env: Record<string, string>, ready: RegExp) => {
    const { child } = await startChild(args, env, ready);
    children.push(child);
    return child;
  };
  try {
    // one embedded process
    const embeddedPort = await freePort();
    const embedded = await start(['apps/api/dist/main.js'], signalsEnv(embeddedPort, pager), /Tocsin is running/);
    // three processes on one log, jobs on BullMQ: the api first, it seeds the organization the others read
    const apiPort = await freePort();
    const shared = { ...signalsEnv(apiPort, pager), REDIS_URL: redisUrl, BULLMQ_PREFIX: prefix };
    const api = await start(['apps/api/dist/main.js'], { ...shared, APP_ROLE: 'api' }, /Tocsin is running/);
    // the worker and the projector say they are ready at info; each is left at warn once it has
    await Promise.all([
      start(['apps/api/dist/main.js'], { ...shared, APP_ROLE: 'worker', LOG_LEVEL: 'info' }, /worker ready/),
      start(['apps/projector/dist/main.js'], { ...shared, LOG_LEVEL: 'info' }, /caught up and live/),
    ]);

    const shapes = await Promise.all(
      [
        { name: 'embedded', port: embeddedPort, pid: embedded.pid! },
        { name: 'production', port: apiPort, pid: api.pid! },
      ].map(async (shape) => {
        const url = `http://127.0.0.1:${shape.port}`;
        const session = await signIn(url);
        const { policy, source } = await pagedTeam(url, session, '+14155550100');
        const paging = await source(`Bench paging (${shape.name})`, policy);
        return { ...shape, url, session, path: `/ingest/${paging.token}/alertmanager` };
      }),
    );
    type Run = Awaited<ReturnType<typeof pageLatency>>;
    const runs: Record<string, Run[]> = { embedded: [], production: [] };
    for (const shape of shapes)
      await pageLatency(shape.url, shape.path, pager.received, rate, 3, shape.pid, `warm-${shape.name}`);
    // the shapes alternate, so the machine's drift over the bench falls on both alike
    for (let round = 0; round < benchRuns(); round++)
      for (const shape of shapes) {
        await settle(shape.url, shape.session);
        const run = await pageLatency(
          shape.url,
          shape.path,
          pager.received,
          rate,
          seconds,
          shape.pid,
          `${shape.name}-${round}-${prefix}`,
        );
        trustworthy(`ingest -> first page (${shape.name})`, run, pagedCounts(run));
        runs[shape.name].push(run);
      }
    const summary = (all: Run[]) => ({
      p50Ms: median(all.map((run) => run.p50Ms)),
      p99Ms: median(all.map((run) => run.p99Ms)),
      p99Runs: all.map((run) => run.p99Ms),
      paged: all.reduce((sum, run) => sum + run.paged, 0),
      sent: all.reduce((sum, run) => sum + run.sent, 0),
    });
    return { rate, seconds, embedded: summary(runs.embedded), production: summary(runs.production) };
  } finally {
    await Promise.all(children.map(stopChild));
    await pager.close();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
}
