import { IncomingMessage } from 'node:http';
import type { Attributes, Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { SocketIoInstrumentation } from '@opentelemetry/instrumentation-socket.io';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { redactUrl } from '../logging/redact';

/** Span attributes that hold a URL or a part of one, in either generation of the HTTP semantic conventions. */
const URL_ATTRIBUTES = ['url.full', 'url.path', 'url.query', 'http.target', 'http.url'];

/**
 * The credentials a URL carries never reach a span (ARCHITECTURE.md "Security rules"): an ingest URL's token, a
 * heartbeat's, a signed link's are redacted as in the logs; an outgoing call keeps only its origin, since a chat
 * webhook's or a gateway's whole path can be its secret.
 */
function redactUrls(span: Span, request: unknown): void {
  const attributes = (span as unknown as { attributes?: Attributes }).attributes ?? {};
  const incoming = request instanceof IncomingMessage;
  for (const key of URL_ATTRIBUTES) {
    const value = attributes[key];
    if (typeof value !== 'string') continue;
    if (!incoming) span.setAttribute(key, key === 'url.full' || key === 'http.url' ? originOf(value) : '[redacted]');
    else if (key === 'url.query') span.setAttribute(key, redactUrl(`/?${value}`).slice(2));
    else span.setAttribute(key, redactUrl(value));
  }
}

/** Prometheus's scrapes and the orchestrator's probes come every few seconds: each would be a trace of its own. */
const isScrapeOrProbe = (request: IncomingMessage) => {
  const path = (request.url ?? '').split('?')[0];
  return request.method === 'GET' && (path === '/metrics' || path.startsWith('/health/'));
};

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '[redacted]';
  }
};

/** The SDK, exporting spans over OTLP/HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT; answers its shutdown. */
export function startSdk(serviceName: string): () => Promise<void> {
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter(),
    // traces only: metrics are Prometheus's (GET /metrics), logs are pino's; left unset the SDK would export both
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        requestHook: redactUrls,
        ignoreIncomingRequestHook: isScrapeOrProbe,
      }),
      // the command only: a key names a session or a job, an argument may be a secret
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
      new MongoDBInstrumentation({ enhancedDatabaseReporting: false }),
      new SocketIoInstrumentation(),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}
