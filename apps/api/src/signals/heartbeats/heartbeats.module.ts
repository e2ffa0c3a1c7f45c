import { Module } from '@nestjs/common';
import { SignalsIngestModule } from '../signals-ingest.module';
import { HeartbeatAlerts } from './heartbeat-alerts';
import { HeartbeatCheckProcessor, HeartbeatChecks } from './heartbeat-checks';
import { HeartbeatPingsController } from './heartbeat-pings.controller';
import { HeartbeatsController } from './heartbeats.controller';
import { HeartbeatsProcessManager } from './heartbeats.process-manager';
import { HeartbeatsService } from './heartbeats.service';

/** Heartbeats (issue 20): their API, the ping URL, the clock-driven checker and what follows from misses and recoveries (where jobs run). */
@Module({
  imports: [SignalsIngestModule],
  controllers: [HeartbeatsController, HeartbeatPingsController],
  providers: [HeartbeatsService, HeartbeatChecks, HeartbeatCheckProcessor, HeartbeatAlerts, HeartbeatsProcessManager],
})
export class HeartbeatsModule {}
