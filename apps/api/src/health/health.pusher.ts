import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Rooms, SocketEvents } from '@tocsin/contracts';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { CONFIG, type AppConfig } from '../runtime/ports';
import { HealthService } from './health.service';

/** Pushes health to the ops room on an interval, so the ops view is live without polling. */
@Injectable()
export class HealthPusher implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly health: HealthService,
    private readonly gateway: RealtimeGateway,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.push(), this.config.HEALTH_PUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async push(): Promise<void> {
    const health = await this.health.check();
    // owners follow the ops room, operators or not: the report without host and versions
    this.gateway.emitToRoom(Rooms.ops, SocketEvents.health, HealthService.forMember(health));
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
