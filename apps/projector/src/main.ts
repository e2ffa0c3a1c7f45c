import './tracing';
import 'reflect-metadata';
import {
  ConfigError,
  connectInfrastructure,
  createLogger,
  loadConfig,
  Metrics,
  processSampler,
  ProjectionRunner,
  serveProcessMetrics,
  stopTracing,
  SystemClock,
  UnreachableServerError,
  type ViewChange,
} from '@tocsin/platform';
import { SocketEvents } from '@tocsin/contracts';
import { opsSamplesView, PROJECTIONS } from '@tocsin/read-models';
import { redisNoticeSink } from './notice-emitter';

/** The projector on its own (production shape): folds the log into the read store and emits notices. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'tocsin-projector');
  const metrics = new Metrics();
  const clock = new SystemClock();
  const infra = await connectInfrastructure(config, clock, metrics);
  metrics.watch({ views: PROJECTIONS.map((projection) => projection.name) });
  if (!infra.redis) logger.warn('REDIS_URL is not set: view changes will not reach browsers served by another process');
  const emit = infra.redis ? redisNoticeSink(infra.redis) : null;
  const sink = (changes: ViewChange[]) => {
    if (!emit) return;
    metrics.pushes.inc({ event: SocketEvents.viewChanged }, changes.length);
    emit(changes);
  };
  const runner = new ProjectionRunner(infra.eventStore, infra.readStore, PROJECTIONS, sink, logger, (view) =>
    metrics.projectionErrors.inc({ view }),
  );
  const indexing = infra.eventStore.maintainIndexes((error) =>
    logger.error({ err: error }, 'event store index follower failed: retrying'),
  );
  metrics.watch({ projectionStatus: () => runner.status() });
  // served before the catch-up, so a long rebuild shows as such (status, lag) rather than as a process down
  const sampler = processSampler('projector', config.OPS_SAMPLE_INTERVAL_MS, {
    clock,
    store: infra.readStore,
    metrics,
    target: opsSamplesView,
    logger,
  });
  await sampler?.start();
  const scrape = await serveProcessMetrics(metrics, config, logger);
  await runner.start();
  logger.info(
    { position: runner.position, views: PROJECTIONS.map((p) => p.name), metricsPort: scrape?.port },
    'projector caught up and live',
  );
  const stop = async () => {
    await scrape?.close();
    await sampler?.stop();
    await indexing.close();
    await runner.stop();
    await infra.close();
    await stopTracing();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof UnreachableServerError;
  process.stderr.write(
    `\nTocsin projector cannot start. ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n\n`,
  );
  process.exit(1);
});
