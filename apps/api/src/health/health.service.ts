import { Inject, Injectable } from '@nestjs/common';
import type {
  HealthComponent,
  HealthResponse,
  HealthState,
  PublicHealthResponse,
  StatusResponse,
} from '@tocsin/contracts';
import { execFileSync } from 'node:child_process';
import { hostname } from 'node:os';
import type { SessionStore } from '@tocsin/platform';
import { SESSION_STORE } from '../sessions/session-registry';
import {
  CONFIG,
  EVENT_STORE,
  HOSTED_PROJECTOR,
  JOB_QUEUE,
  READ_STORE,
  REDIS,
  type AppConfig,
  type EventStore,
  type HostedProjector,
  type JobQueue,
  type ReadStore,
  type RedisConnection,
} from '../runtime/ports';

const PROBE_TIMEOUT_MS = 2000;

async function probe(check: () => Promise<unknown>, okMessage: string): Promise<HealthComponent> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>(
      (_, reject) =>
        (timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS)),
    );
    await Promise.race([check(), timeout]);
    return { healthy: true, message: okMessage };
  } catch (error) {
    return { healthy: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

function gitRevision(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 2000 })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** GET /infra/health and the public status derived from it. */
@Injectable()
export class HealthService {
  private readonly version: HealthResponse['version'];

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(REDIS) private readonly redis: RedisConnection,
    @Inject(HOSTED_PROJECTOR) private readonly runner: HostedProjector | null,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {
    this.version = {
      node_version: process.versions.node,
      nest_version: (require('@nestjs/core/package.json') as { version: string }).version,
      revision: config.GIT_REVISION ?? gitRevision(),
    };
  }

  async check(): Promise<HealthResponse> {
    const { eventStore, readStore, jobs, redis: redisClient, runner, config } = this;
    const [eventStoreHealth, readStoreHealth, redisHealth] = await Promise.all([
      probe(() => eventStore.ping(), `${eventStore.kind} event log reachable`),
      probe(
        async () => {
          await readStore.ping();
          if (runner && !runner.isCaughtUp) throw new Error('read models are still catching up with the event log');
        },
        `${readStore.kind} read models ${runner ? `at position ${runner.position ?? 0}` : 'reachable'}`,
      ),
      redisClient
        ? probe(() => redisClient.ping(), 'redis reachable')
        : Promise.resolve({ healthy: true, message: 'not configured: embedded mode uses in-process jobs and sockets' }),
    ]);
    return {
      healthy: eventStoreHealth.healthy && readStoreHealth.healthy && redisHealth.healthy,
      hostname: hostname(),
      components: { event_store: eventStoreHealth, read_store: readStoreHealth, redis: redisHealth },
      version: this.version,
      adapters: {
        event_store: eventStore.kind,
        read_store: readStore.kind,
        jobs: jobs.kind,
        realtime: config.REDIS_URL ? 'socket.io+redis' : 'socket.io',
        sessions: this.sessions.kind,
      },
      checked_at: new Date().toISOString(),
    };
  }

  /** Without a session: the verdict per component, no messages (they can name addresses), versions or host. */
  static forAnonymous(health: HealthResponse): PublicHealthResponse {
    const state = (healthy: boolean): HealthState => (healthy ? 'healthy' : 'unhealthy');
    const { event_store, read_store, redis } = health.components;
    return {
      status: state(health.healthy),
      healthy: health.healthy,
      components: {
        event_store: state(event_store.healthy),
        read_store: state(read_store.healthy),
        redis: state(redis.healthy),
      },
    };
  }

  /** Signed in but no Tocsin operator (e.g. an owner on the ops page): no host name and no versions. */
  static forMember(health: HealthResponse): HealthResponse {
    const { hostname: _hostname, version: _version, ...rest } = health;
    return rest;
  }

  static status(health: HealthResponse): StatusResponse {
    const { event_store, read_store, redis } = health.components;
    if (!event_store.healthy) return { status: { description: 'Major Service Outage', indicator: 'critical' } };
    if (!read_store.healthy || !redis.healthy)
      return { status: { description: 'Partial System Outage', indicator: 'major' } };
    return { status: { description: 'All Systems Operational', indicator: 'none' } };
  }
}
