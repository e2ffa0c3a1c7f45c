// The first import of the projector's entry, before any module the SDK instruments (ioredis, mongodb) is loaded:
// the light file itself, not the platform's index, which loads them. Nothing happens unless
// OTEL_EXPORTER_OTLP_ENDPOINT is set (README, "Traces").
import { startTracing } from '@tocsin/platform/dist/tracing/tracing';

startTracing('tocsin-projector');
