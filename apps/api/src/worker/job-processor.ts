import { SetMetadata } from '@nestjs/common';
import type { AppConfig, JobContext } from '@tocsin/platform';

export const JOB_PROCESSOR = 'tocsin:job-processor';

export interface JobProcessorOptions {
  queue: string;
  /** Jobs of this queue one worker process runs at the same time (default 1). */
  concurrency?: number;
}

/** How a job ended, once the queue has recorded it (a failure only when no tries are left). */
export type JobOutcome = { status: 'completed'; result: unknown } | { status: 'failed'; error: string };

/**
 * A provider that runs the jobs of one queue. The worker host finds it by this decorator and
 * registers it in the processes that run jobs (APP_ROLE worker or all), never in an api-only one.
 */
export const JobProcessor = (options: JobProcessorOptions) => SetMetadata(JOB_PROCESSOR, options);

export interface JobProcessorInstance<Data = unknown, Result = unknown> {
  process(job: JobContext<Data>): Promise<Result>;
  /** Called after the outcome is stored, so whoever reads the job next sees the same outcome. */
  finished?(job: { id: string; data: Data }, outcome: JobOutcome): Promise<void> | void;
}

export const runsJobs = (role: AppConfig['APP_ROLE']) => role === 'worker' || role === 'all';
