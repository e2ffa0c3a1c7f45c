import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { createLogger, loadConfig, SystemClock, type Clock, type Logger } from '@tocsin/platform';
import { createApp } from '../../apps/api/src/bootstrap';
import { createRuntime, type Runtime } from '../../apps/api/src/runtime/runtime';
import { seedIfEmbedded } from '../../apps/api/src/registration/seed';

export interface TestApp {
  url: string;
  app: INestApplication;
  runtime: Runtime;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Starts the real application (embedded adapters, a fresh SQLite file in a temp dir, a random port),
 * serving the built web app. `env` overrides configuration (e.g. REDIS_URL); `logger` captures the logs.
 */
export async function startApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    dataDir?: string;
    extraModules?: Array<new () => unknown>;
    logger?: Logger;
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'tocsin-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    PORT: '0',
    HEALTH_PUSH_INTERVAL_MS: '500',
    // on a manual clock, sampling every 10 s of a jump of days would fire thousands of samples: asked for, not by default
    ...(options.clock && { OPS_SAMPLE_INTERVAL_MS: '0' }),
    ...(process.env.WEB_DIST && { WEB_DIST: process.env.WEB_DIST }),
    ...options.env,
  });
  const runtime = await createRuntime(
    config,
    options.clock ?? new SystemClock(),
    options.logger ?? createLogger(config.LOG_LEVEL),
  );
  await seedIfEmbedded(runtime);
  const app = await createApp(runtime, options.extraModules);
  await app.listen(config.PORT, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    runtime,
    dataDir,
    async close() {
      await app.close();
      await runtime.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
