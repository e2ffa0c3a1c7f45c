export * from './clock/clock';
export * from './event-store/event-store.port';
export * from './event-store/sqlite-event-store';
export { DatabaseSync } from './event-store/node-sqlite';
export * from './read-store/read-store.port';
export * from './read-store/memory-read-store';
export * from './jobs/job-queue.port';
export * from './jobs/memory-job-queue';
export * from './config/config';
export * from './logging/logger';
export * from './logging/redact';
export * from './projections/projection';
export * from './projections/projection-runner';
export * from './projections/apply-batch';
// The production adapters (EventStoreDB, MongoDB, BullMQ) are not exported here: connectInfrastructure loads each
// only when its URL is set, so the embedded app and every test that starts it never load their clients (mongoose,
// @eventstore/db-client, bullmq: 0.36 s of every jest suite that starts the app). Their contract suites import
// them from their own files.
export * from './runtime/infrastructure';
export * from './sessions/session-store.port';
export * from './sessions/read-model-session-store';
export * from './sessions/redis-session-store';
export * from './channels';
export * from './config/secret-keys';
export * from './text/escape';
export * from './net/bearer';
export * from './net/loopback';
export * from './metrics/metrics';
export * from './metrics/metrics-access';
export * from './metrics/metrics-server';
export * from './metrics/instrumented-event-store';
export * from './metrics/org-figures';
export * from './metrics/ops-sampler';
export * from './metrics/process-id';
export * from './tracing/tracing';
