import { Inject, Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@tocsin/platform';
import {
  CONFIG,
  EVENT_STORE,
  JOB_QUEUE,
  LOGGER,
  READ_STORE,
  type AppConfig,
  type EventStore,
  type JobQueue,
  type Logger,
  type ReadStore,
} from '../../runtime/ports';
import { JobSideReactor } from '../../worker/job-side-reactor';
import {
  MAINTENANCES_QUEUE,
  RELEASE_JOB,
  RELEASE_JOB_OPTIONS,
  releaseJobId,
  type ReleaseJobData,
} from './maintenance-release.job';

/** Where the process manager keeps its place in the log. */
export const MAINTENANCES_PROCESS = 'reactor:maintenances';

/** A change that may let the alerts a maintenance holds go: cancelled, ended early, its window or coverage changed. */
const ACTS_ON = new Set<string>(['MaintenanceChanged', 'MaintenanceCancelled', 'MaintenanceEndedEarly']);

/**
 * What follows from a change to a scheduled maintenance (where jobs run): a release job (maintenance-release.job.ts)
 * reviews each alert it holds at once, so a cancellation pages now and a shorter window pages at its new end. The
 * held alerts are read from the maintenances view once it includes the change: every hold recorded before the change
 * is in it (one view, folded in log order), and a hold recorded after it was decided on a view that may have lagged
 * is reviewed by its own job once the view includes it. The job's id is the change's place in the log, so following
 * an event again (a restart) queues nothing twice.
 */
@Injectable()
export class MaintenancesProcessManager extends JobSideReactor {
  constructor(
    @Inject(CONFIG) config: AppConfig,
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) store: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) logger: Logger,
  ) {
    // a job that could not be queued: each held alert's own job still reviews it at the end of the window it was held for
    super(config.APP_ROLE, {
      name: 'maintenances',
      checkpoint: MAINTENANCES_PROCESS,
      actsOn: ACTS_ON,
      eventStore,
      store,
      logger,
    });
  }

  protected async act(recorded: RecordedEvent): Promise<void> {
    const orgId = recorded.metadata.orgId ?? '';
    const { maintenanceId } = recorded.data as { maintenanceId: string };
    const { correlationId } = recorded.metadata;
    const data: ReleaseJobData = {
      orgId,
      maintenanceId,
      position: recorded.position,
      ...(correlationId && { correlationId }),
    };
    await this.jobs.add(MAINTENANCES_QUEUE, RELEASE_JOB, data, {
      ...RELEASE_JOB_OPTIONS,
      jobId: releaseJobId(data),
      group: orgId,
    });
  }
}
