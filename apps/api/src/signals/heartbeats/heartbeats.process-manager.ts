import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
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
import { LogFollower } from '../../shared/log-follower';
import { ProjectionProgress } from '../../shared/projection-progress';
import { runsJobs } from '../../worker/job-processor';
import { HeartbeatAlerts } from './heartbeat-alerts';
import { HeartbeatChecks } from './heartbeat-checks';

/** Where the process manager keeps its place in the log. */
export const HEARTBEATS_PROCESS = 'reactor:heartbeats';
/** Events of other kinds passed over between two writes of the place. */
const CHECKPOINT_EVERY = 1000;

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
export class HeartbeatsProcessManager implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly follower: LogFollower;
  /** The position last written as the checkpoint. */
  private committed = 0;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly progress: ProjectionProgress,
    private readonly checks: HeartbeatChecks,
    private readonly alerts: HeartbeatAlerts,
  ) {
    this.follower = new LogFollower('heartbeats', logger);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!runsJobs(this.config.APP_ROLE)) return;
    const from = (await this.store.checkpoint(HEARTBEATS_PROCESS))?.position ?? null;
    this.committed = from ?? 0;
    this.follower.follow(this.eventStore, from, (event) => this.handle(event));
  }

  async onModuleDestroy(): Promise<void> {
    await this.follower.stop();
  }

  private async handle(recorded: RecordedEvent): Promise<void> {
    if (!ACTS_ON.has(recorded.type)) {
      // the log is mostly other traffic (pings, payloads): the place moves now and then, so a restart does not
      // read it all again
      if (recorded.position - this.committed >= CHECKPOINT_EVERY) await this.commit(recorded.position);
      return;
    }
    const event = { type: recorded.type, data: recorded.data } as HeartbeatEvent;
    try {
      await this.act(event, recorded);
    } catch (error) {
      // the heartbeat's checks still run (they are queued again at start) and look at the view themselves
      this.logger.error(
        { err: error, stream: recorded.stream, event: recorded.id },
        'heartbeats: could not act on an event',
      );
    }
    await this.commit(recorded.position);
  }

  private async commit(position: number): Promise<void> {
    await this.store.commit(HEARTBEATS_PROCESS, { position, version: 1 }, []);
    this.committed = position;
  }

  private async act(event: HeartbeatEvent, recorded: RecordedEvent): Promise<void> {
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
