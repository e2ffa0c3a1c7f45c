import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { EngineProbe } from './engine-probe';
import { HealthController } from './health.controller';
import { HealthPusher } from './health.pusher';
import { HealthService } from './health.service';
import { OpsSeriesController } from './ops-series.controller';
import { ProbesController } from './probes.controller';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController, ProbesController, OpsSeriesController],
  providers: [HealthService, HealthPusher, EngineProbe],
})
export class HealthModule {}
