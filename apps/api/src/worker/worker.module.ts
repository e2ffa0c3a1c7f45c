import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { WorkerHost } from './worker-host';

/** Runs the job processors of the areas (see @JobProcessor) in the processes whose role runs jobs. */
@Module({ imports: [DiscoveryModule], providers: [WorkerHost] })
export class WorkerModule {}
