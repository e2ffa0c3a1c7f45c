import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import type { Clock } from '../clock/clock';
import type { AppConfig } from '../config/config';
import { withoutCredentials } from '../config/data-store-credentials';
import type { EventStore } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import type { JobQueue } from '../jobs/job-queue.port';
import { MemoryJobQueue } from '../jobs/memory-job-queue';
import type { ReadStore } from '../read-store/read-store.port';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { instrumentedEventStore } from '../metrics/instrumented-event-store';
import type { Metrics } from '../metrics/metrics';

export interface Infrastructure {
  eventStore: EventStore;
  readStore: ReadStore;
  jobs: JobQueue;
  /** Present when REDIS_URL is set. */
  redis: Redis | null;
  close(): Promise<void>;
}

export class UnreachableServerError extends Error {
  constructor(
    readonly server: string,
    readonly url: string,
    cause: unknown,
  ) {
    super(
      `Cannot reach ${server} at ${withoutCredentials(url)}: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'UnreachableServerError';
  }
}

async function reach<T>(server: string, url: string, connect: () => Promise<T>): Promise<T> {
  try {
    return await connect();
  } catch (error) {
    throw new UnreachableServerError(server, url, error);
  }
}

async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    retryStrategy: () => null,
  });
  await redis.connect();
  await redis.ping();
  // after a successful start, keep retrying on transient drops
  redis.options.retryStrategy = (times: number) => Math.min(times * 200, 2000);
  redis.options.maxRetriesPerRequest = 20;
  return redis;
}

/**
 * Picks each adapter from the configuration alone (unset URL = embedded) and proves every configured
 * server is reachable before the process starts serving. A production adapter's module (and its client library)
 * is loaded only when its URL is set.
 */
/** With `metrics`, the event store's appends are timed and the process's gauges read these stores. */
export async function connectInfrastructure(
  config: AppConfig,
  clock: Clock,
  metrics?: Metrics,
): Promise<Infrastructure> {
  const opened: Array<{ close(): Promise<unknown> | void }> = [];
  const track = <T extends { close(): Promise<unknown> | void }>(x: T): T => (opened.push(x), x);
  try {
    const eventStore = track(
      config.EVENTSTORE_URL
        ? await reach('EventStoreDB', config.EVENTSTORE_URL, async () => {
            const { EventStoreDbEventStore } = await import('../event-store/eventstoredb-event-store');
            const store = await EventStoreDbEventStore.connect(config.EVENTSTORE_URL!);
            await store.ping();
            return store;
          })
        : await openSqlite(config.DATA_DIR),
    );
    const readStore = track(
      config.MONGO_URL
        ? await reach('MongoDB', config.MONGO_URL, async () => {
            const { MongoReadStore } = await import('../read-store/mongo-read-store');
            return MongoReadStore.connect(config.MONGO_URL!);
          })
        : new MemoryReadStore(),
    );
    const redis = config.REDIS_URL
      ? await reach('Redis', config.REDIS_URL, () => connectRedis(config.REDIS_URL!))
      : null;
    if (redis) track({ close: () => redis.quit().catch(() => redis.disconnect()) });
    const jobs = track(
      config.REDIS_URL
        ? await reach('Redis', config.REDIS_URL, async () => {
            const { BullMqJobQueue } = await import('../jobs/bullmq-job-queue');
            return BullMqJobQueue.connect({ url: config.REDIS_URL!, prefix: config.BULLMQ_PREFIX, clock });
          })
        : new MemoryJobQueue(clock),
    );
    metrics?.watch({ eventStore, readStore, jobs });
    metrics?.countStalls(jobs);
    return {
      eventStore: metrics ? instrumentedEventStore(eventStore, metrics) : eventStore,
      readStore,
      jobs,
      redis,
      async close() {
        for (const resource of opened.reverse()) await resource.close();
      },
    };
  } catch (error) {
    for (const resource of opened.reverse()) await Promise.resolve(resource.close()).catch(() => undefined);
    throw error;
  }
}

async function openSqlite(dataDir: string): Promise<EventStore> {
  mkdirSync(dataDir, { recursive: true });
  return SqliteEventStore.open({ file: join(dataDir, 'events.db') });
}
