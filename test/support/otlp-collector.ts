import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as the collector received it, its attributes (and its service's) flattened to text. */
export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's numbering: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  service: string;
  attributes: Record<string, string>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
      }>;
    }>;
  }>;
}

const flat = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      String(value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue ?? JSON.stringify(value)),
    ]),
  );

/**
 * A local OpenTelemetry collector: receives OTLP/HTTP JSON exports on /v1/traces (what
 * @opentelemetry/exporter-trace-otlp-http sends) and keeps their spans; `endpoint` is OTEL_EXPORTER_OTLP_ENDPOINT.
 */
export async function startOtlpCollector() {
  const spans: CollectedSpan[] = [];
  /** Every export request, whatever its path, so a test can tell nothing was sent. */
  const requests: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      requests.push(request.url ?? '');
      if (request.url === '/v1/traces' && request.headers['content-type']?.startsWith('application/json')) {
        for (const resourceSpans of (JSON.parse(body) as OtlpExport).resourceSpans ?? []) {
          const service = flat(resourceSpans.resource?.attributes)['service.name'] ?? '';
          for (const scope of resourceSpans.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                kind: span.kind,
                service,
                attributes: { ...flat(resourceSpans.resource?.attributes), ...flat(span.attributes) },
              });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
