import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import type { ServerOptions } from 'socket.io';

/** With REDIS_URL, sockets on every api node (and the projector's emitter) share rooms through Redis. */
export class RedisIoAdapter extends IoAdapter {
  private pub?: Redis;
  private sub?: Redis;

  constructor(
    app: ConstructorParameters<typeof IoAdapter>[0],
    private readonly redis: Redis,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions) {
    const server = super.createIOServer(port, options);
    this.pub = this.redis.duplicate();
    this.sub = this.redis.duplicate();
    server.adapter(createAdapter(this.pub, this.sub));
    return server;
  }

  override async close(server: Parameters<IoAdapter['close']>[0]): Promise<void> {
    await super.close(server);
    // the adapter's close sends its unsubscribes without awaiting them: QUIT waits for their replies,
    // where disconnect() would reject them ("Connection is closed") with nobody to catch it
    await Promise.all([this.pub, this.sub].map((client) => client?.quit().catch(() => client.disconnect())));
  }
}
