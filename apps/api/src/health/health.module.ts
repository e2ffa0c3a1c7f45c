import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthPusher } from './health.pusher';
import { HealthService } from './health.service';

@Module({ controllers: [HealthController], providers: [HealthService, HealthPusher] })
export class HealthModule {}
