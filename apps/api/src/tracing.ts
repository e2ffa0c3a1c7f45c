// The first import of the api's entry, before any module the SDK instruments (http, ioredis, socket.io) is loaded:
// the light file itself, not the platform's index, which loads them. Nothing happens unless
// OTEL_EXPORTER_OTLP_ENDPOINT is set (README, "Traces").
import { apiServiceName, startTracing } from '@tocsin/platform/dist/tracing/tracing';

startTracing(apiServiceName());
