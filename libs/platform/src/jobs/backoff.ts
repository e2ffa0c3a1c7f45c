import type { JobOptions } from './job-queue.port';

/**
 * Clock time to wait before retry number `retry` (1 for the first retry). Same numbers as BullMQ's
 * built-in strategies without jitter, so both adapters retry at the same moments.
 */
export function backoffDelay(backoff: JobOptions['backoff'], retry: number): number {
  if (!backoff) return 0;
  return backoff.type === 'exponential' ? Math.round(2 ** (retry - 1) * backoff.delay) : backoff.delay;
}
