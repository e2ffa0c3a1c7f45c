import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { RUNTIME, type Runtime } from '../../runtime/runtime';
import { IDEMPOTENCY_STORE, IdempotencyInterceptor } from './idempotency.interceptor';
import { MemoryIdempotencyStore, RedisIdempotencyStore, type IdempotencyStore } from './idempotency.store';

/** Redis when configured, so a retry reaching another api node finds the first answer; in process otherwise. */
function storeFor(runtime: Runtime): IdempotencyStore {
  const { redis } = runtime.infra;
  return redis ? new RedisIdempotencyStore(redis, runtime.config.BULLMQ_PREFIX) : new MemoryIdempotencyStore(() => runtime.clock.now());
}

/** Idempotency-Key handling for every route (the interceptor decides which requests it applies to). */
@Module({
  providers: [
    { provide: IDEMPOTENCY_STORE, useFactory: storeFor, inject: [RUNTIME] },
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
})
export class IdempotencyModule {}
