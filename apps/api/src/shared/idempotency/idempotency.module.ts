import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CLOCK, CONFIG, REDIS, type AppConfig, type Clock, type RedisConnection } from '../../runtime/ports';
import { IDEMPOTENCY_STORE, IdempotencyInterceptor } from './idempotency.interceptor';
import { MemoryIdempotencyStore, RedisIdempotencyStore, type IdempotencyStore } from './idempotency.store';

/** Redis when configured, so a retry reaching another api node finds the first answer; in process otherwise. */
function storeFor(redis: RedisConnection, config: AppConfig, clock: Clock): IdempotencyStore {
  return redis ? new RedisIdempotencyStore(redis, config.BULLMQ_PREFIX) : new MemoryIdempotencyStore(() => clock.now());
}

/** Idempotency-Key handling for every route (the interceptor decides which requests it applies to). */
@Module({
  providers: [
    { provide: IDEMPOTENCY_STORE, useFactory: storeFor, inject: [REDIS, CONFIG, CLOCK] },
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
})
export class IdempotencyModule {}
