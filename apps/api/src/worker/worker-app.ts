import { DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CoreModule } from '../core/core.module';
import { NotificationPreferencesModule } from '../notification-preferences/notification-preferences.module';
import type { Runtime } from '../runtime/runtime';
import { PagingModule } from '../signals/paging/paging.module';
import { WebhookTargetsModule } from '../signals/webhook-targets/webhook-targets.module';
import { HeartbeatsModule } from '../signals/heartbeats/heartbeats.module';
import { SelfTestModule } from '../signals/self-test/self-test.module';
import { MaintenancesModule } from '../incidents/maintenances/maintenances.module';
import { ShiftNoticesModule } from '../signals/on-call-schedules/on-call-schedules.module';
import { PinoNestLogger } from '../shared/pino-nest-logger';
import { WorkerModule } from './worker.module';

/** APP_ROLE=worker: the core and the areas that have jobs, without HTTP or a socket server. */
@Module({})
export class WorkerAppModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: WorkerAppModule,
      imports: [
        CoreModule.forRoot(runtime),
        NotificationPreferencesModule,
        PagingModule,
        WebhookTargetsModule,
        HeartbeatsModule,
        SelfTestModule,
        MaintenancesModule,
        ShiftNoticesModule,
        WorkerModule,
      ],
    };
  }
}

/** Starts the worker process's Nest context; its processors take jobs once it is initialised. */
export function createWorker(runtime: Runtime): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(WorkerAppModule.register(runtime), {
    logger: new PinoNestLogger(runtime.logger),
  });
}
