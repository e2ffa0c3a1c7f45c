import { Inject, Injectable } from '@nestjs/common';
import { ViewNames } from '@tocsin/contracts';
import type { HeartbeatEvent } from '@tocsin/domain';
import type { RecordedEvent } from '@tocsin/platform';
import { heartbeatsView } from '@tocsin/read-models';
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
import { ProjectionProgress } from '../../shared/projection-progress';
import { JobSideReactor } from '../../worker/job-side-reactor';
import { HeartbeatAlerts } from './heartbeat-alerts';
import { HeartbeatChecks } from './heartbeat-checks';

/** Where the process manager keeps its place in the log. */
export const HEARTBEATS_PROCESS = 'reactor:heartbeats';

/** The events it acts on: a new due time to check at, a miss to alert, a recovery to resolve. */
const ACTS_ON = new Set<string>(['HeartbeatCreated', 'HeartbeatChanged', 'HeartbeatMissed', 'HeartbeatRecovered']);

/**
 * What follows from a heartbeat's events (where jobs run), from its checkpoint in the log, so a process that
 * crashed after a ping, a check or a creation was recorded still does what followed: a creation, a change and a
 * recovery queue the next check at the due time; a miss triggers the heartbeat's alert; a recovery resolves it.
 * The alert's commands take their ids from the miss and the recovery, so following the same event again (two
 * workers, a restart before the checkpoint moved) applies nothing twice.
 */
@Injectable()
export class HeartbeatsProcessManager extends JobSideReactor {
  constructor(
    @Inject(CONFIG) config: AppConfig,
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(LOGGER) logger: Logger,
    private readonly progress: ProjectionProgress,
    private readonly checks: HeartbeatChecks,
    private readonly alerts: HeartbeatAlerts,
  ) {
    // an act that fails: the heartbeat's checks still run (they are queued again at start) and read the view
    super(config.APP_ROLE, {
      name: 'heartbeats',
      checkpoint: HEARTBEATS_PROCESS,
      actsOn: ACTS_ON,
      eventStore,
      store,
      logger,
    });
  }

  protected async act(recorded: RecordedEvent): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as HeartbeatEvent;
    // the view holds the heartbeat as this event left it (or later): its due time, its name for the alert
    await this.progress.waitFor(ViewNames.heartbeats, recorded.position);
    const orgId = recorded.metadata.orgId ?? '';
    const doc = await heartbeatsView.find(this.store, orgId, event.data.heartbeatId);
    if (!doc) return;
    // only while the event is still the heartbeat's latest word: the log followed again (an embedded start reads it
    // all) must not trigger a miss that has recovered since, nor resolve an episode opened since
    switch (event.type) {
      case 'HeartbeatMissed':
        if (doc.missedAt === event.data.at) await this.alerts.trigger(doc, event.data);
        return;
      case 'HeartbeatRecovered':
        if (!doc.missedAt) await this.alerts.resolve(doc, event.data.at);
        break;
      default:
        break;
    }
    // checks stop at a miss; a creation, a change (a shorter period) and a recovery make a new due time
    if (!doc.missedAt) await this.checks.scheduleDue(doc);
  }
}
