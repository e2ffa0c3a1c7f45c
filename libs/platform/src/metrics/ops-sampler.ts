import { nextWholeMultiple, type Clock } from '../clock/clock';
import type { Logger } from '../logging/logger';
import type { IndexSpec, ReadStore, ViewDocument } from '../read-store/read-store.port';
import type { HealthFigures, Metrics } from './metrics';
import type { OrgSample } from './org-figures';
import { processName } from './process-id';

/**
 * One process's figures for one interval (README, "Ops charts"): what its organizations' ingest and first pages
 * counted since its previous sample, and the health figures it read at `at`. The read side (libs/read-models,
 * `opsSamplesView`) declares the same shape.
 */
export interface OpsSampleDoc extends ViewDocument, HealthFigures {
  /** `{processId}/{at}`: a process writes one document per instant. */
  _id: string;
  processId: string;
  role: string;
  /** The sample's instant: a whole multiple of `intervalMs` since the epoch, so every process lines up. */
  at: string;
  /** The target's bucket of `at` (what reads look samples up by). */
  bucket: string;
  intervalMs: number;
  orgs: OrgSample[];
}

/**
 * Where the samples live (the read model): its collection and indexes, the bucket a sample is looked up by, and the
 * ids of samples older than a time, a bounded batch: `expired` near the retention edge (each write), `left` anywhere
 * before it (once at start: what processes stopped long ago left behind).
 */
export interface OpsSamplesTarget {
  collection: string;
  indexes: readonly IndexSpec[];
  bucketOf(at: string): string;
  expired(reader: Pick<ReadStore, 'find'>, before: string): Promise<string[]>;
  left(reader: Pick<ReadStore, 'find'>, before: string): Promise<string[]>;
}

/** Samples are kept this long: the longest window the charts show (an hour) and some slack. */
export const OPS_SAMPLE_RETENTION_MS = 70 * 60_000;

export interface OpsSamplerOptions {
  clock: Clock;
  store: ReadStore;
  metrics: Metrics;
  target: OpsSamplesTarget;
  /** Unique among the running processes; stable across a container's restarts (host name and pid). */
  processId: string;
  role: string;
  intervalMs: number;
  /** Samples older than this are deleted as new ones are written (by any process); OPS_SAMPLE_RETENTION_MS by default. */
  retentionMs?: number;
  logger?: Logger;
}

/**
 * Every process samples its own figures on the interval's whole multiples and writes them to the read store, so the
 * ops charts read the same series whether one process runs everything or the api, worker and projector are apart.
 * Each write drops a bounded batch of samples past the retention, so the collection holds about `retentionMs` of
 * samples per running process.
 */
export class OpsSampler {
  private cancel: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** When the previous sample was taken: the first covers the time since the sampler started. */
  private last: number;

  constructor(private readonly options: OpsSamplerOptions) {
    this.last = options.clock.now();
  }

  async start(): Promise<void> {
    const { store, target, clock, processId, retentionMs = OPS_SAMPLE_RETENTION_MS } = this.options;
    await store.ensureIndexes(target.collection, target.indexes);
    const left = await target.left(store, new Date(clock.now() - retentionMs).toISOString());
    if (left.length > 0)
      await store.commit(
        `${target.collection}/${processId}`,
        { position: clock.now(), version: 1 },
        left.map((id) => ({ op: 'delete' as const, collection: target.collection, id })),
      );
    this.arm();
  }

  /** Takes the sample of instant `at` (the timer calls it; tests may too). */
  async sample(at: number): Promise<void> {
    const { store, metrics, target, processId, role, retentionMs = OPS_SAMPLE_RETENTION_MS } = this.options;
    const orgs = metrics.byOrg.drain();
    const doc: OpsSampleDoc = {
      _id: `${processId}/${new Date(at).toISOString()}`,
      processId,
      role,
      at: new Date(at).toISOString(),
      bucket: target.bucketOf(new Date(at).toISOString()),
      intervalMs: Math.max(0, at - this.last),
      orgs,
      ...(await metrics.health(at)),
    };
    this.last = at;
    const expired = await target.expired(store, new Date(at - retentionMs).toISOString());
    await store.commit(`${target.collection}/${processId}`, { position: at, version: 1 }, [
      { op: 'put', collection: target.collection, doc },
      ...expired.map((id) => ({ op: 'delete' as const, collection: target.collection, id })),
    ]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel?.();
    await this.running;
  }

  /** The next whole multiple of the interval after now; a slow sample skips the instants it overran. */
  private arm(): void {
    if (this.stopped) return;
    const { clock, intervalMs, logger } = this.options;
    const at = nextWholeMultiple(clock.now(), intervalMs);
    this.cancel = clock.schedule(at, () => {
      this.running = this.sample(at)
        .catch((error: unknown) => logger?.warn({ err: error }, 'ops sample not written: the charts miss one point'))
        .finally(() => {
          this.running = null;
          this.arm();
        });
    });
  }
}

/**
 * The sampler a process starts for the ops charts under its role (named by role, host and pid), or null when
 * sampling is off (an interval of 0): the one way the api, worker and projector make theirs.
 */
export function processSampler(
  role: string,
  intervalMs: number,
  options: Omit<OpsSamplerOptions, 'processId' | 'role' | 'intervalMs'>,
): OpsSampler | null {
  return intervalMs > 0 ? new OpsSampler({ ...options, processId: processName(role), role, intervalMs }) : null;
}
