import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../config/config';
import type { Logger } from '../logging/logger';
import { metricsAccess } from './metrics-access';
import type { Metrics } from './metrics';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * GET /metrics on a port of its own, for the processes that serve no HTTP (the worker, the projector): the same
 * access rule as the api's route (metrics-access.ts).
 */
export async function serveMetrics(
  metrics: Metrics,
  options: { port: number; host: string; token: string | undefined; logger?: Logger },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    const access = metricsAccess(options.token, {
      remoteAddress: request.socket.remoteAddress,
      headers: request.headers,
    });
    if (access !== 'allowed') {
      const status = access === 'unauthorized' ? 401 : 404;
      response.writeHead(status, access === 'unauthorized' ? { 'WWW-Authenticate': 'Bearer' } : {}).end();
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => response.writeHead(200, { 'Content-Type': contentType }).end(body),
      (error: unknown) => {
        options.logger?.error({ err: error }, 'metrics: a collector failed');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A process's own /metrics on METRICS_PORT (the worker, the projector). A port taken stops the metrics, never the
 * process: paging and folding go on, the error is logged, and the scrape's `up` says it.
 */
export async function serveProcessMetrics(
  metrics: Metrics,
  config: Pick<AppConfig, 'METRICS_PORT' | 'HOST' | 'METRICS_TOKEN'>,
  logger: Logger,
): Promise<MetricsServer | null> {
  try {
    return await serveMetrics(metrics, {
      port: config.METRICS_PORT,
      host: config.HOST,
      token: config.METRICS_TOKEN,
      logger,
    });
  } catch (error) {
    logger.error({ err: error, port: config.METRICS_PORT }, 'metrics not served: METRICS_PORT could not be opened');
    return null;
  }
}
