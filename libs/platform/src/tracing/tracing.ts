import type * as OtelApi from '@opentelemetry/api';

/**
 * Traces are off by default (README, "Traces"): nothing of OpenTelemetry is loaded unless
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, so every helper below is a plain call of its work when it is not. This file
 * imports no package at run time: a process's entry imports it before anything the SDK instruments is loaded.
 */
let api: typeof OtelApi | null = null;
let stopSdk: (() => Promise<void>) | null = null;

/** The processes Tocsin runs; OTEL_SERVICE_NAME, when set, names them instead. */
export type TracedService = 'tocsin-api' | 'tocsin-worker' | 'tocsin-projector';

/** The service an api process runs as, read before the configuration is (APP_ROLE picks it). */
export const apiServiceName = (role = process.env.APP_ROLE): TracedService =>
  role === 'worker' ? 'tocsin-worker' : 'tocsin-api';

/**
 * Starts the SDK (http, ioredis, mongodb and socket.io instrumentations, OTLP over HTTP) when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set; a no-op otherwise. Call it before the instrumented modules are required.
 */
export function startTracing(service: TracedService, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT || api) return api !== null;
  const { startSdk } = require('./otel-sdk') as typeof import('./otel-sdk');
  stopSdk = startSdk(env.OTEL_SERVICE_NAME || service);
  api = require('@opentelemetry/api') as typeof OtelApi;
  return true;
}

/** Sends the spans still buffered and stops the SDK (at process stop); nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const stop = stopSdk;
  stopSdk = null;
  api = null;
  await stop?.();
}

export const tracingEnabled = (): boolean => api !== null;

/** A W3C trace context (`traceparent`, maybe `tracestate`) as text fields, to travel in a job or an event. */
export type TraceCarrier = Record<string, string>;

/** The active trace context to carry along, or undefined when tracing is off or no span is active. */
export function currentTraceCarrier(): TraceCarrier | undefined {
  if (!api || !api.trace.getSpan(api.context.active())) return undefined;
  const carrier: TraceCarrier = {};
  api.propagation.inject(api.context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/**
 * Runs `work` in a span named `name`, a child of the carried context (a job's, an event's) when there is one, else
 * of the active one: the trace of the request that caused the work goes on through it. Just `work()` when off.
 */
export function inSpan<T>(
  name: string,
  work: () => Promise<T>,
  options: { carrier?: TraceCarrier; kind?: 'consumer' | 'client' | 'internal'; attributes?: OtelApi.Attributes } = {},
): Promise<T> {
  const otel = api;
  if (!otel) return work();
  const parent = options.carrier
    ? otel.propagation.extract(otel.context.active(), options.carrier)
    : otel.context.active();
  const kind = { consumer: otel.SpanKind.CONSUMER, client: otel.SpanKind.CLIENT, internal: otel.SpanKind.INTERNAL }[
    options.kind ?? 'internal'
  ];
  const span = otel.trace.getTracer('tocsin').startSpan(name, { kind, attributes: options.attributes }, parent);
  return otel.context.with(otel.trace.setSpan(parent, span), async () => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: otel.SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Adds attributes to the active span (an outcome known at the end); nothing when off. */
export function annotateSpan(attributes: OtelApi.Attributes): void {
  if (api) api.trace.getSpan(api.context.active())?.setAttributes(attributes);
}

/** BullMQ's official telemetry (bullmq-otel) for its queues and workers when tracing is on: it carries the context in the job. */
export function bullMqTelemetry(): import('bullmq').Telemetry | undefined {
  if (!api) return undefined;
  const { BullMQOtel } = require('bullmq-otel') as typeof import('bullmq-otel');
  return new BullMQOtel({ tracerName: 'tocsin-jobs' });
}

/**
 * Continues the trace a job or an event carried: `work` runs in a span under it. Without a carrier (tracing off
 * when it was made, or work no request caused) it is just `work()`, so timers and replays start no trace.
 */
export function continueTrace<T>(
  carrier: TraceCarrier | undefined,
  name: string,
  work: () => Promise<T>,
  attributes?: OtelApi.Attributes,
): Promise<T> {
  if (!api || !carrier?.traceparent) return work();
  return inSpan(name, work, { carrier, kind: 'consumer', attributes });
}
