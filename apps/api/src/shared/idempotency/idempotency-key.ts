import { BadRequestException } from '@nestjs/common';
import type { Request } from 'express';
import { deterministicId } from '../deterministic-id';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Stripe's limit: long enough for any UUID or composite key a client builds, short enough to store cheaply. */
export const MAX_KEY_LENGTH = 255;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * The `Idempotency-Key` a caller sent, or undefined without one. A key that is too long or holds
 * anything but printable ASCII answers 400 rather than being dropped, since a client that sent a key
 * counts on it.
 */
export function idempotencyKeyOf(request: Request): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > MAX_KEY_LENGTH || !PRINTABLE_ASCII.test(value)) {
    throw new BadRequestException({
      error: 'invalid_idempotency_key',
      message: `The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters (a UUID is a good choice).`,
    });
  }
  return value;
}

/**
 * The command id a key stands for: scoped by organization and user, so one tenant (or one colleague)
 * reusing another's key names different commands and rows, never theirs (ARCHITECTURE.md, ids a client
 * influences). Resource ids derive from this id, never from the raw key.
 */
export function scopedCommandId(orgId: string, userId: string, key: string): string {
  return deterministicId(`idempotency/${orgId}/${userId}/${key}`);
}
