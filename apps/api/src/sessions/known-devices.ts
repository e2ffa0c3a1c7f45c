import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CONFIG, REDIS, type AppConfig, type RedisConnection } from '../runtime/ports';

export const DEVICE_COOKIE = 'tocsin_device';
export const DEVICE_COOKIE_DAYS = 180;

/**
 * OWASP's device cookies: a browser that once signed in as a user carries `user.nonce.mac`, signed by
 * the install. Its holder is counted on its own, not with the account's or the address's other
 * attempts, so a flood of wrong passwords from behind the same proxy, or at the same account, does not
 * lock out the person at their usual browser. The key is shared in Redis by every api node (first one
 * wins), else made per process (a restart forgets the devices: they are counted as unknown again).
 */
@Injectable()
export class KnownDevices {
  private key: Promise<Buffer> | undefined;

  constructor(
    @Inject(REDIS) private readonly redis: RedisConnection,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  private signingKey(): Promise<Buffer> {
    this.key ??= this.loadKey().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async loadKey(): Promise<Buffer> {
    const fresh = randomBytes(32).toString('hex');
    const redis = this.redis;
    if (!redis) return Buffer.from(fresh, 'hex');
    const name = `${this.config.BULLMQ_PREFIX}:known-device-key`;
    await redis.set(name, fresh, 'NX');
    return Buffer.from((await redis.get(name)) ?? fresh, 'hex');
  }

  private async mac(payload: string): Promise<string> {
    return createHmac('sha256', await this.signingKey())
      .update(payload)
      .digest('base64url');
  }

  /** A new cookie value for `userId`'s browser. */
  async issue(userId: string): Promise<string> {
    const payload = `${Buffer.from(userId).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
    return `${payload}.${await this.mac(payload)}`;
  }

  /** The device's own name (its nonce) when `cookie` is one this install signed for `userId`, else null. */
  async recognise(cookie: string | undefined, userId: string): Promise<string | null> {
    const [user, nonce, mac, ...rest] = (cookie ?? '').split('.');
    if (!user || !nonce || !mac || rest.length > 0) return null;
    if (Buffer.from(user, 'base64url').toString() !== userId) return null;
    const expected = Buffer.from(await this.mac(`${user}.${nonce}`));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }
}
