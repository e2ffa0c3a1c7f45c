import { Inject, Injectable } from '@nestjs/common';
import type { HealthComponent, HealthResponse, HealthState, PublicHealthResponse, StatusResponse } from '@tocsin/contracts';
import { execFileSync } from 'node:child_process';
import { hostname } from 'node:os';
import type { SessionStore } from '@tocsin/platform';
import { SESSION_STORE } from '../identity/session-registry';
import { RUNTIME, type Runtime } from '../runtime/runtime';

const PROBE_TIMEOUT_MS = 2000;

async function probe(check: () => Promise<unknown>, okMessage: string): Promise<HealthComponent> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS)));
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
    return execFileSync('git', ['rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 2000 }).toString().trim();
  } catch {
    return 'unknown';
  }
}

/** GET /infra/health and the public status derived from it. */
@Injectable()
export class HealthService {
  private readonly version: HealthResponse['version'];

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {
    this.version = {
      node_version: process.versions.node,
      nest_version: (require('@nestjs/core/package.json') as { version: string }).version,
      revision: runtime.config.GIT_REVISION ?? gitRevision(),
    };
  }

  async check(): Promise<HealthResponse> {
    const { infra, runner, config } = this.runtime;
    const [eventStore, readStore, redis] = await Promise.all([
      probe(() => infra.eventStore.ping(), `${infra.eventStore.kind} event log reachable`),
      probe(async () => {
        await infra.readStore.ping();
        if (runner && !runner.isCaughtUp) throw new Error('read models are still catching up with the event log');
      }, `${infra.readStore.kind} read models ${runner ? `at position ${runner.position ?? 0}` : 'reachable'}`),
      infra.redis
        ? probe(() => infra.redis!.ping(), 'redis reachable')
        : Promise.resolve({ healthy: true, message: 'not configured: embedded mode uses in-process jobs and sockets' }),
    ]);
    return {
      healthy: eventStore.healthy && readStore.healthy && redis.healthy,
      hostname: hostname(),
      components: { event_store: eventStore, read_store: readStore, redis },
      version: this.version,
      adapters: {
        event_store: infra.eventStore.kind,
        read_store: infra.readStore.kind,
        jobs: infra.jobs.kind,
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
      components: { event_store: state(event_store.healthy), read_store: state(read_store.healthy), redis: state(redis.healthy) },
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
    if (!read_store.healthy || !redis.healthy) return { status: { description: 'Partial System Outage', indicator: 'major' } };
    return { status: { description: 'All Systems Operational', indicator: 'none' } };
  }
}
