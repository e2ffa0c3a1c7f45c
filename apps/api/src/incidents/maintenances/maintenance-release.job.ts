import { Inject, Injectable } from '@nestjs/common';
import { ViewNames } from '@tocsin/contracts';
import type { JobContext, JobOptions } from '@tocsin/platform';
import { maintenancesView } from '@tocsin/read-models';
import { LOGGER, READ_STORE, type Logger, type ReadStore } from '../../runtime/ports';
import { ProjectionProgress } from '../../shared/projection-progress';
import { JobProcessor, type JobProcessorInstance } from '../../worker/job-processor';
import { MaintenanceSuppression } from './maintenance-suppression';

export const MAINTENANCES_QUEUE = 'maintenances';
export const RELEASE_JOB = 'release';

/** A change, cancellation or early end of a maintenance, at its place in the log. */
export interface ReleaseJobData {
  orgId: string;
  maintenanceId: string;
  position: number;
  correlationId?: string;
}

export type ReleaseResult = { status: 'gone' } | { status: 'reviewed'; held: number; released: number };

/** Tried again with the paging jobs' backoff while the view lags (or a review fails), about 4 minutes in all. */
export const RELEASE_JOB_OPTIONS: JobOptions = { attempts: 8, backoff: { type: 'exponential', delay: 2000 } };

export const releaseJobId = (data: ReleaseJobData) => `release/${data.maintenanceId}/${data.position}`;

/**
 * Reviews every alert a maintenance holds once the maintenances view includes its change (the held list and the
 * window as the change left them). A view still behind fails the job, which its queue runs again later: acting on
 * the window as it was before would keep a cancelled maintenance's alerts held to its planned end. One held alert's
 * failed review does not stop the others; the job then fails and runs again (a review that finds nothing to do
 * changes nothing).
 */
@Injectable()
@JobProcessor({ queue: MAINTENANCES_QUEUE, concurrency: 4 })
export class MaintenanceReleaseProcessor implements JobProcessorInstance<ReleaseJobData, ReleaseResult> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly progress: ProjectionProgress,
    private readonly suppression: MaintenanceSuppression,
  ) {}

  async process(job: JobContext<ReleaseJobData>): Promise<ReleaseResult> {
    const { orgId, maintenanceId, position, correlationId } = job.data;
    await this.progress.catchUp(ViewNames.maintenances, position);
    const doc = await maintenancesView.find(this.store, orgId, maintenanceId);
    if (!doc) return { status: 'gone' };
    let released = 0;
    let failed: unknown = null;
    for (const ref of doc.suppressed) {
      try {
        if (await this.suppression.review({ ...ref, orgId, maintenanceId }, correlationId)) released++;
      } catch (error) {
        this.logger.error({ err: error, alert: ref }, 'maintenances: could not review a held alert');
        failed = error;
      }
    }
    if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
    return { status: 'reviewed', held: doc.suppressed.length, released };
  }
}
