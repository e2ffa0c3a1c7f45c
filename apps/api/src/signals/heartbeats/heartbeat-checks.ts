import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ViewNames } from '@tocsin/contracts';
import type { JobContext } from '@tocsin/platform';
import { heartbeatsView, type HeartbeatDoc } from '@tocsin/read-models';
import { randomUUID } from 'node:crypto';
import { heartbeatCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import {
  CLOCK,
  CONFIG,
  JOB_QUEUE,
  LOGGER,
  READ_STORE,
  type AppConfig,
  type Clock,
  type JobQueue,
  type Logger,
  type ReadStore,
} from '../../runtime/ports';
import { ProjectionProgress } from '../../shared/projection-progress';
import { JobProcessor, runsJobs, type JobProcessorInstance } from '../../worker/job-processor';
import { HeartbeatAlerts } from './heartbeat-alerts';

export const HEARTBEATS_QUEUE = 'heartbeats';
export const HEARTBEAT_CHECK_JOB = 'check';
/** A check that finds the view behind the log (a beat not folded yet) looks again this much later. */
const LAGGING_VIEW_RETRY_MS = 1000;

interface CheckJobData {
  heartbeatId: string;
  orgId: string;
}

export type CheckResult = { status: 'gone' | 'not_due' | 'missed' | 'still_missed' };

/**
 * Schedules a heartbeat's next check: one delayed job at its due time, its id from (heartbeat, due time), so
 * scheduling twice (the process manager after a change and the checker at start, or two workers) is one job. A
 * beat does not touch the queue: the check due at the old time finds the later beat and schedules the next one
 * itself, so a heartbeat beating in time costs one indexed read and one job a period, whatever their number.
 */
@Injectable()
export class HeartbeatChecks {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async schedule(heartbeat: { heartbeatId: string; orgId: string }, at: number): Promise<void> {
    const data: CheckJobData = heartbeat;
    await this.jobs.add(HEARTBEATS_QUEUE, HEARTBEAT_CHECK_JOB, data, {
      jobId: `check/${heartbeat.heartbeatId}/${at}`,
      delay: Math.max(0, at - this.clock.now()),
      group: heartbeat.orgId,
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
    });
  }

  scheduleDue(doc: HeartbeatDoc): Promise<void> {
    return this.schedule({ heartbeatId: doc._id, orgId: doc.orgId }, doc.dueAt);
  }
}

/**
 * The clock-driven checker (README "Heartbeats"): at a heartbeat's due time its job reads the view; a beat since
 * moved the due time, so the next check is scheduled and nothing else happens. Only when the view says the beat is
 * overdue does the heartbeat's decider decide (on its stream, with the expected revision: a beat racing the check
 * either lands first, and there is no miss, or after, and it recovers); the miss's alert follows from its event.
 * At start every heartbeat's check is scheduled again from the view (an in-process queue dies with its process).
 */
@Injectable()
@JobProcessor({ queue: HEARTBEATS_QUEUE, concurrency: 16 })
export class HeartbeatCheckProcessor
  implements JobProcessorInstance<CheckJobData, CheckResult>, OnApplicationBootstrap
{
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly commands: Commands,
    private readonly progress: ProjectionProgress,
    private readonly checks: HeartbeatChecks,
    private readonly alerts: HeartbeatAlerts,
  ) {}

  onApplicationBootstrap(): void {
    if (!runsJobs(this.config.APP_ROLE)) return;
    // in the background: the start does not wait for the view to fold a long log
    void this.rescheduleAll().catch((error: unknown) =>
      this.logger.error({ err: error }, 'heartbeats: could not schedule the checks at start'),
    );
  }

  /** The view is folded from the log at start (embedded) or by the projector: schedule from what it holds then. */
  private async rescheduleAll(): Promise<void> {
    await this.progress.waitForLog(ViewNames.heartbeats, 60_000);
    const all = await heartbeatsView.all(this.store);
    for (const doc of all) await this.checks.scheduleDue(doc);
    if (all.length > 0) this.logger.info({ heartbeats: all.length }, 'heartbeats: checks scheduled');
  }

  async process(job: JobContext<CheckJobData>): Promise<CheckResult> {
    const { heartbeatId, orgId } = job.data;
    const doc = await heartbeatsView.find(this.store, orgId, heartbeatId);
    if (!doc) return { status: 'gone' };
    // missed already (a check run again, or scheduled at start): its alert is made sure of, once
    if (doc.missedAt) {
      await this.alerts.trigger(doc, { at: doc.missedAt, lastBeatAt: doc.lastBeatAt });
      return { status: 'still_missed' };
    }
    const now = this.clock.now();
    if (doc.dueAt > now) {
      await this.checks.scheduleDue(doc);
      return { status: 'not_due' };
    }
    const at = new Date(now).toISOString();
    const commandId = randomUUID();
    const context = { orgId, actorId: null, role: null, commandId, correlationId: commandId, fresh: true };
    const { events } = await this.commands.run(
      heartbeatCommand({ type: 'CheckHeartbeat', heartbeatId, at }, context),
      ViewNames.heartbeats,
    );
    // the miss's alert is triggered by the process manager that follows the log (a crash here loses nothing)
    if (events.some((e) => e.type === 'HeartbeatMissed')) return { status: 'missed' };
    // the decider knows a beat (or a miss) the view had not folded: look again once it has
    await this.checks.schedule({ heartbeatId, orgId }, now + LAGGING_VIEW_RETRY_MS);
    return { status: 'not_due' };
  }
}
