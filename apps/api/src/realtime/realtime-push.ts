import { Inject, Injectable } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { Rooms } from '@tocsin/contracts';
import { METRICS, REDIS, type Metrics, type RedisConnection } from '../runtime/ports';
import { RealtimeGateway } from './realtime.gateway';

/**
 * Pushes from code that may run outside the socket server (jobs in a worker process). With Redis the
 * emitter publishes to every api node's sockets, as the standalone projector does; without it the
 * pushes go through this process's own gateway (one process: api and worker together).
 */
@Injectable()
export class RealtimePush {
  private readonly emitter: Emitter | null;

  constructor(
    @Inject(REDIS) redis: RedisConnection,
    private readonly gateway: RealtimeGateway,
    @Inject(METRICS) private readonly metrics: Metrics,
  ) {
    this.emitter = redis ? new Emitter(redis) : null;
  }

  toUser(userId: string, event: string, payload: unknown): void {
    if (this.emitter) {
      this.metrics.pushes.inc({ event });
      this.emitter.to(Rooms.user(userId)).emit(event, payload);
    }
    // a worker process without Redis has no sockets to reach (its start says so)
    else if (this.gateway.server) this.gateway.emitToRoom(Rooms.user(userId), event, payload);
  }
}
