import { ManualClock } from '../clock/clock';
import type { JobQueue } from '../jobs/job-queue.port';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { Metrics } from './metrics';
import { OPS_SAMPLE_RETENTION_MS, OpsSampler, type OpsSampleDoc, type OpsSamplesTarget } from './ops-sampler';

/** The read model's target as libs/read-models declares it (opsSamplesView), which the platform may not import. */
const target: OpsSamplesTarget = {
  collection: 'ops_samples',
  indexes: [{ keys: { at: 1 } }],
  bucketOf: (at) => at.slice(0, 15),
  expired: async (reader, before) =>
    (await reader.find('ops_samples', { at: { $lt: before } }, { limit: 500 })).map((doc) => doc._id),
  left: async (reader, before) => (await reader.find('ops_samples', { at: { $lt: before } })).map((doc) => doc._id),
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('OpsSampler', () => {
  const start = Date.UTC(2026, 0, 1, 0, 0, 3);
  let clock: ManualClock;
  let store: MemoryReadStore;
  let metrics: Metrics;
  let sampler: OpsSampler;
  const samples = () => store.find<OpsSampleDoc>('ops_samples', {}, { sort: { at: 1 } });
  const tick = async (ms = 10_000) => {
    await clock.advance(ms);
    await settle();
    await settle();
  };

  beforeEach(async () => {
    clock = new ManualClock(start);
    store = new MemoryReadStore();
    metrics = new Metrics();
    sampler = new OpsSampler({
      clock,
      store,
      metrics,
      target,
      processId: 'api@host:1',
      role: 'api',
      intervalMs: 10_000,
    });
    await sampler.start();
  });
  afterEach(() => sampler.stop());

  it("samples on the interval's whole multiples, each organization's counts since the sample before", async () => {
    metrics.byOrg.ingested('org-a', 3);
    metrics.byOrg.firstPage('org-a', 0.2);
    metrics.byOrg.firstPage('org-b', 400);
    await tick(7_000);
    metrics.byOrg.ingested('org-a', 2);
    await tick();
    await tick();
    const [first, second, third] = await samples();
    expect(first).toMatchObject({
      _id: 'api@host:1/2026-01-01T00:00:10.000Z',
      at: '2026-01-01T00:00:10.000Z',
      processId: 'api@host:1',
      role: 'api',
      // the first covers the time since the sampler started
      intervalMs: 7_000,
    });
    const byOrg = Object.fromEntries(first.orgs.map((org) => [org.orgId, org]));
    expect(byOrg['org-a'].ingested).toBe(3);
    // 0.2 s falls in the bucket up to 0.25 s (the third); 400 s above every bound, in the last
    expect(byOrg['org-a'].firstPage).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(byOrg['org-b'].firstPage.at(-1)).toBe(1);
    expect(byOrg['org-b'].ingested).toBe(0);
    expect(second).toMatchObject({ at: '2026-01-01T00:00:20.000Z', intervalMs: 10_000 });
    expect(second.orgs).toEqual([{ orgId: 'org-a', ingested: 2, firstPage: new Array(13).fill(0) }]);
    expect(third.orgs).toEqual([]);
  });

  it('carries the health figures of the sources the process has, and null for those it lacks', async () => {
    const jobs = {
      counts: async () => ({
        paging: { waiting: 2, delayed: 3, active: 1, completed: 9, failed: 4 },
        webhooks: { waiting: 0, delayed: 0, active: 0, completed: 1, failed: 0 },
      }),
    } as unknown as JobQueue;
    metrics.watch({ jobs, sockets: () => 4 });
    await tick();
    const [sample] = await samples();
    expect(sample).toMatchObject({
      // no event store in this process: no lag to tell
      lagEvents: null,
      lagSeconds: null,
      queues: [
        { queue: 'paging', depth: 6 },
        { queue: 'webhooks', depth: 0 },
      ],
      sockets: 4,
    });
  });

  it('keeps about the retention of samples, dropping older ones as it writes, and stops on stop', async () => {
    const steps = OPS_SAMPLE_RETENTION_MS / 10_000 + 30;
    for (let i = 0; i < steps; i++) await tick();
    const kept = await samples();
    const newest = Date.parse(kept.at(-1)!.at);
    expect(Date.parse(kept[0].at)).toBeGreaterThanOrEqual(newest - OPS_SAMPLE_RETENTION_MS);
    expect(kept.length).toBe(OPS_SAMPLE_RETENTION_MS / 10_000 + 1);
    await sampler.stop();
    await tick();
    expect((await samples()).length).toBe(kept.length);
  });

  it('drops at start what processes stopped long ago left behind', async () => {
    await tick();
    await sampler.stop();
    // nothing samples for two hours; then a process starts
    await clock.advance(2 * 3_600_000);
    sampler = new OpsSampler({
      clock,
      store,
      metrics,
      target,
      processId: 'worker@host:1',
      role: 'worker',
      intervalMs: 10_000,
    });
    await sampler.start();
    expect(await samples()).toEqual([]);
    await tick();
    expect((await samples()).map((sample) => sample.processId)).toEqual(['worker@host:1']);
  });
});
