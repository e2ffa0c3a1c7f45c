import { Subject } from 'rxjs';
import {
  connectInfrastructure,
  type AppConfig,
  type Clock,
  type Infrastructure,
  type Logger,
  Metrics,
  processSampler,
  ProjectionRunner,
  type ViewChange,
} from '@tocsin/platform';
import { alertsView, opsSamplesView, PROJECTIONS } from '@tocsin/read-models';

/**
 * Everything a process holds for its lifetime: configuration, the clock, the adapters and, when the
 * projector is hosted in this process (role `all`, or an api or worker whose read models live in
 * memory), its runner. Built once before Nest starts so a bad configuration or an unreachable server
 * stops the process with a clear message. Nest never injects it whole: CoreModule provides each part
 * (runtime/ports.ts) on its own.
 */
export interface Runtime {
  config: AppConfig;
  clock: Clock;
  logger: Logger;
  infra: Infrastructure;
  runner: ProjectionRunner | null;
  /** This process's one metrics registry (GET /metrics). */
  metrics: Metrics;
  /** View changes produced in this process, for the socket gateway. */
  viewChanges: Subject<ViewChange[]>;
  close(): Promise<void>;
}

export async function createRuntime(config: AppConfig, clock: Clock, logger: Logger): Promise<Runtime> {
  const metrics = new Metrics();
  const infra = await connectInfrastructure(config, clock, metrics);
  metrics.watch({
    views: PROJECTIONS.map((projection) => projection.name),
    openAlerts: () => alertsView.openCounts(infra.readStore),
  });
  const viewChanges = new Subject<ViewChange[]>();
  // in-memory read models are this process's own, so an api or worker without MONGO_URL folds the log itself
  const hostsProjector =
    config.APP_ROLE === 'all' || (!config.MONGO_URL && (config.APP_ROLE === 'api' || config.APP_ROLE === 'worker'));
  const runner = hostsProjector
    ? new ProjectionRunner(
        infra.eventStore,
        infra.readStore,
        PROJECTIONS,
        (changes) => viewChanges.next(changes),
        logger,
        (view) => metrics.projectionErrors.inc({ view }),
      )
    : null;
  // the store's own indexes are kept by the process that folds the log: one follower, not one per api
  const indexing = runner
    ? infra.eventStore.maintainIndexes((error) =>
        logger.error({ err: error }, 'event store index follower failed: retrying'),
      )
    : null;
  if (runner) {
    metrics.watch({ projectionStatus: () => runner.status() });
    const started = Date.now();
    await runner.start();
    logger.info({ position: runner.position, ms: Date.now() - started }, 'read models caught up with the event log');
  }
  // every role samples its own figures for the ops charts, whichever parts it hosts (unless sampling is off)
  const sampler = processSampler(config.APP_ROLE, config.OPS_SAMPLE_INTERVAL_MS, {
    clock,
    store: infra.readStore,
    metrics,
    target: opsSamplesView,
    logger,
  });
  await sampler?.start();
  return {
    config,
    clock,
    logger,
    infra,
    runner,
    metrics,
    viewChanges,
    async close() {
      await sampler?.stop();
      await indexing?.close();
      await runner?.stop();
      viewChanges.complete();
      await infra.close();
    },
  };
}
