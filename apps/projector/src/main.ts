import './tracing';
import 'reflect-metadata';
import {
  ConfigError,
  connectInfrastructure,
  createLogger,
  loadConfig,
  Metrics,
  ProjectionRunner,
  serveProcessMetrics,
  stopTracing,
  SystemClock,
  UnreachableServerError,
  type ViewChange,
} from '@tocsin/platform';
import { SocketEvents } from '@tocsin/contracts';
import { PROJECTIONS } from '@tocsin/read-models';
import { redisNoticeSink } from './notice-emitter';

/** The projector on its own (production shape): folds the log into the read store and emits notices. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'tocsin-projector');
  const metrics = new Metrics();
  const infra = await connectInfrastructure(config, new SystemClock(), metrics);
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
  await runner.start();
  const scrape = await serveProcessMetrics(metrics, config, logger);
  logger.info(
    { position: runner.position, views: PROJECTIONS.map((p) => p.name), metricsPort: scrape?.port },
    'projector caught up and live',
  );
  const stop = async () => {
    await scrape?.close();
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
