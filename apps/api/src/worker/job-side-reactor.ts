import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { RecordedEvent } from '@tocsin/platform';
import type { AppConfig } from '../runtime/ports';
import { CheckpointedReactor, type CheckpointedReactorOptions } from '../shared/log-follower';
import { runsJobs } from './job-processor';

/**
 * A reactor that runs where jobs run (a worker, or the embedded all-in-one process): it follows the log from its
 * checkpoint once the application has started and stops with it. An area says which events it acts on and `act`.
 */
export abstract class JobSideReactor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly reactor: CheckpointedReactor;

  protected constructor(
    private readonly role: AppConfig['APP_ROLE'],
    options: Omit<CheckpointedReactorOptions, 'act'>,
  ) {
    this.reactor = new CheckpointedReactor({ ...options, act: (event) => this.act(event) });
  }

  /** What follows from one of the events it acts on (a failure is logged, and the place moves on). */
  protected abstract act(event: RecordedEvent): Promise<void>;

  async onApplicationBootstrap(): Promise<void> {
    if (runsJobs(this.role)) await this.reactor.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.reactor.stop();
  }

  /** Resolves once the event at `position` is handled (bounded). */
  waitFor(position: number | null, timeoutMs = 5000): Promise<void> {
    return this.reactor.waitFor(position, timeoutMs);
  }
}
