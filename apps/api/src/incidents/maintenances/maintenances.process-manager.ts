import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ViewNames } from '@tocsin/contracts';
import type { RecordedEvent } from '@tocsin/platform';
import { maintenancesView } from '@tocsin/read-models';
import {
  CONFIG,
  EVENT_STORE,
  LOGGER,
  READ_STORE,
  type AppConfig,
  type EventStore,
  type Logger,
  type ReadStore,
} from '../../runtime/ports';
import { CheckpointedReactor } from '../../shared/log-follower';
import { ProjectionProgress } from '../../shared/projection-progress';
import { runsJobs } from '../../worker/job-processor';
import { MaintenanceSuppression } from './maintenance-suppression';

/** Where the process manager keeps its place in the log. */
export const MAINTENANCES_PROCESS = 'reactor:maintenances';

/** A change that may let the alerts a maintenance holds go: cancelled, ended early, its window or coverage changed. */
const ACTS_ON = new Set<string>(['MaintenanceChanged', 'MaintenanceCancelled', 'MaintenanceEndedEarly']);

/**
 * What follows from a change to a scheduled maintenance (where jobs run): each alert it holds is reviewed at once,
 * so a cancellation pages now and a shorter window pages at its new end. The held alerts are read from the
 * maintenances view once it includes the change: every hold recorded before the change is in it (one view, folded
 * in log order), and a hold recorded after it was decided on a view that may have lagged is reviewed by its own
 * job once the view includes it. Following an event again (a restart) reviews again, which changes nothing.
 */
@Injectable()
export class MaintenancesProcessManager implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly reactor: CheckpointedReactor;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly progress: ProjectionProgress,
    private readonly suppression: MaintenanceSuppression,
  ) {
    // a review that fails: each held alert's own job still reviews it at the end of the window it was held for
    this.reactor = new CheckpointedReactor({
      name: 'maintenances',
      checkpoint: MAINTENANCES_PROCESS,
      actsOn: ACTS_ON,
      act: (event) => this.release(event),
      eventStore,
      store,
      logger: this.logger,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (runsJobs(this.config.APP_ROLE)) await this.reactor.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.reactor.stop();
  }

  private async release(recorded: RecordedEvent): Promise<void> {
    await this.progress.waitFor(ViewNames.maintenances, recorded.position);
    const orgId = recorded.metadata.orgId ?? '';
    const { maintenanceId } = recorded.data as { maintenanceId: string };
    const doc = await maintenancesView.find(this.store, orgId, maintenanceId);
    if (!doc) return;
    // one alert's review failing does not keep the others held (its own job reviews it again at the window's end)
    for (const ref of doc.suppressed)
      await this.suppression
        .review({ ...ref, orgId, maintenanceId }, null, recorded.metadata.correlationId)
        .catch((error: unknown) =>
          this.logger.error({ err: error, alert: ref }, 'maintenances: could not review a held alert'),
        );
  }
}
