import './tracing';
import 'reflect-metadata';
import {
  ConfigError,
  createLogger,
  loadConfig,
  serveProcessMetrics,
  stopTracing,
  SystemClock,
  UnreachableServerError,
} from '@tocsin/platform';
import { createApp } from './bootstrap';
import { seedIfEmbedded } from './registration/seed';
import { createRuntime } from './runtime/runtime';
import { createWorker } from './worker/worker-app';

/** `npm start`: one process serving the api, the projector and the workers on the embedded adapters; APP_ROLE picks one part. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const runtime = await createRuntime(config, new SystemClock(), logger);
  if (config.APP_ROLE === 'worker') {
    // jobs only, no HTTP: the processors take jobs from the queue the api processes add them to
    if (!runtime.infra.redis)
      logger.warn(
        'REDIS_URL is not set: this worker only sees jobs added in its own process, and cannot push to browsers',
      );
    const worker = await createWorker(runtime);
    const metrics = await serveProcessMetrics(runtime.metrics, config, logger);
    logger.info({ role: config.APP_ROLE, jobs: runtime.infra.jobs.kind, metricsPort: metrics?.port }, 'worker ready');
    // the jobs in hand finish before the commands they issue lose their handlers
    const stopWorker = async () => (
      await metrics?.close(),
      await runtime.infra.jobs.close(),
      await worker.close(),
      await runtime.close(),
      await stopTracing(),
      process.exit(0)
    );
    process.once('SIGTERM', () => void stopWorker());
    process.once('SIGINT', () => void stopWorker());
    return;
  }
  if (config.APP_ROLE === 'projector') {
    // the projector runs as apps/projector (docker-compose); this process stays idle rather than serve
    logger.info({ role: config.APP_ROLE }, 'nothing to run here: start apps/projector/dist/main.js for the projector');
    const metrics = await serveProcessMetrics(runtime.metrics, config, logger);
    const stopIdle = async () => (await metrics?.close(), await runtime.close(), await stopTracing(), process.exit(0));
    process.once('SIGTERM', () => void stopIdle());
    process.once('SIGINT', () => void stopIdle());
    return;
  }
  const seeded = await seedIfEmbedded(runtime);
  const app = await createApp(runtime);
  await app.listen(config.PORT, config.HOST);
  const address = `http://localhost:${config.PORT}`;
  logger.info(
    {
      address,
      role: config.APP_ROLE,
      adapters: {
        events: runtime.infra.eventStore.kind,
        views: runtime.infra.readStore.kind,
        jobs: runtime.infra.jobs.kind,
      },
    },
    'Tocsin is up',
  );
  process.stdout.write(`\n  Tocsin is running at ${address}\n  API docs: ${address}/api/docs\n`);
  if (!config.SMTP_URL && config.NODE_ENV !== 'production')
    process.stdout.write(
      `  Mail and texts (not sent, no SMTP_URL): ${address}/dev/mailbox (served to this machine only)\n`,
    );
  if (seeded) {
    process.stdout.write('\n  Demo organization seeded. Sign in as:\n');
    for (const { role, email, password } of seeded)
      process.stdout.write(`    ${role.padEnd(12)} ${email.padEnd(32)} ${password}\n`);
  } else if (!config.EVENTSTORE_URL && config.NODE_ENV !== 'production') {
    process.stdout.write(
      '\n  Demo users (if still present): owner@demo.tocsin.dev, member@..., collaborator@..., viewer@..., password tocsin-demo-password\n',
    );
  }
  process.stdout.write('\n');
  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await app.close();
    await runtime.close();
    // the spans still buffered go out before the process ends
    await stopTracing();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof UnreachableServerError) {
    process.stderr.write(`\nTocsin cannot start. ${error.message}\n\n`);
  } else {
    process.stderr.write(`\nTocsin failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
