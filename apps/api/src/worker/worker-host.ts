import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { JobEvent } from '@tocsin/platform';
import { CONFIG, JOB_QUEUE, type AppConfig, type JobQueue } from '../runtime/ports';
import {
  JOB_PROCESSOR,
  runsJobs,
  type JobOutcome,
  type JobProcessorInstance,
  type JobProcessorOptions,
} from './job-processor';

/**
 * Registers every @JobProcessor on the runtime's job queue when this process runs jobs, and tells a
 * processor how each of its jobs ended (only this process's workers report, so one process reacts).
 */
@Injectable()
export class WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('worker');
  private readonly processors = new Map<string, JobProcessorInstance>();
  private stopListening?: () => void;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly discovery: DiscoveryService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!runsJobs(this.config.APP_ROLE)) return;
    const jobs = this.jobs;
    this.stopListening = jobs.onEvent((event) => void this.report(event));
    for (const wrapper of this.discovery.getProviders()) {
      const options =
        typeof wrapper.metatype === 'function'
          ? (Reflect.getMetadata(JOB_PROCESSOR, wrapper.metatype) as JobProcessorOptions | undefined)
          : undefined;
      if (!options || !wrapper.instance) continue;
      const processor = wrapper.instance as JobProcessorInstance;
      this.processors.set(options.queue, processor);
      await jobs.process(options.queue, (job) => processor.process(job), { concurrency: options.concurrency ?? 1 });
    }
    this.logger.log(`processing ${[...this.processors.keys()].join(', ') || 'no queues'} on ${jobs.kind}`);
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  private async report(event: JobEvent): Promise<void> {
    if (event.type !== 'completed' && event.type !== 'failed') return;
    const processor = this.processors.get(event.queue);
    if (!processor?.finished) return;
    const outcome: JobOutcome =
      event.type === 'completed'
        ? { status: 'completed', result: event.result }
        : { status: 'failed', error: event.error };
    try {
      const job = await this.jobs.get(event.queue, event.id);
      if (job) await processor.finished({ id: job.id, data: job.data }, outcome);
    } catch (error) {
      this.logger.error(
        `reporting the end of job ${event.queue}/${event.id} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
