import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';

/** GET /metrics on the api's own port (roles api and all). */
@Module({ controllers: [MetricsController] })
export class MetricsModule {}
