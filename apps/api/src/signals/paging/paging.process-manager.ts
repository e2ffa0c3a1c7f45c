import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ViewNames } from '@tocsin/contracts';
import type { NotificationAttempted } from '@tocsin/domain';
import { continueTrace, type RecordedEvent } from '@tocsin/platform';
import {
  CLOCK,
  CONFIG,
  EVENT_STORE,
  JOB_QUEUE,
  LOGGER,
  READ_STORE,
  type AppConfig,
  type Clock,
  type EventStore,
  type JobQueue,
  type Logger,
  type ReadStore,
} from '../../runtime/ports';
import { LogFollower } from '../../shared/log-follower';
import { ProjectionProgress } from '../../shared/projection-progress';
import { runsJobs } from '../../worker/job-processor';
import { eventSourcesView } from '@tocsin/read-models';
import {
  AUTO_RESOLVE_JOB,
  PAGE_JOB,
  PAGING_QUEUE,
  STEP_JOB,
  SUPPRESSION_JOB,
  inFlightWindowMs,
  queuePagingJob,
  UNREACHABLE_JOB,
  type AutoResolveJobData,
} from './paging.jobs';
import { isHeld, isPaging, PagingPlanner, type AlertPlan } from './paging.planner';
import { PagingTurns } from './paging-turns';

/** Where the process manager keeps its place in the log, and the alerts it has jobs queued for. */
export const PAGING_PROCESS = 'reactor:paging';
export const PAGING_OPEN_ALERTS = 'paging_open_alerts';

interface OpenAlertDoc {
  _id: string;
  stream: string;
  /** The ids of the jobs queued for the alert's current plan, so acknowledging can cancel them. */
  jobIds: string[];
  /** The queued auto-resolve (the source's quiet period after the alert was last seen), if any. */
  autoResolveJobId?: string | null;
  /** The on-call schedules its policy's steps page: a change to one plans the alert again. */
  scheduleIds?: string[];
  [field: string]: unknown;
}

/** What changes an alert's plan (schedule again) or ends it (cancel what is queued). */
const REPLAN = new Set([
  'AlertTriggered',
  'AlertDeduplicated',
  'AlertEscalated',
  'AlertReassigned',
  'AlertSuppressed',
  'AlertSuppressionEnded',
]);
const END = new Set(['AlertAcknowledged', 'AlertResolved']);
/** Events that change who a page goes to and how: team membership and notification settings. */
const PEOPLE_CHANGES =
  /^(Team|NotificationSetting|OnCallSchedule|ScheduleOverride|TemporarySchedule|ShiftSwapTaken|MemberRemoved)/;
/**
 * A change to who an on-call schedule has on call: the open alerts whose steps page it are planned again, so a
 * step still to come pages whoever is on call when it starts under the rules as they are now (a step already
 * started keeps who it paged: the schedule's history holds the rules of that moment).
 */
const SCHEDULE_CHANGES = new Set([
  'OnCallScheduleChanged',
  'ScheduleOverrideAdded',
  'ScheduleOverrideRemoved',
  'TemporaryScheduleAdded',
  'TemporaryScheduleRemoved',
  'ShiftSwapTaken',
]);
/** The schedules the alert's policy pages. */
const schedulesOf = (plan: AlertPlan) => [
  ...new Set(
    (plan.state.policy?.steps ?? []).flatMap((step) =>
      step.targets.filter((t) => t.type === 'schedule').map((t) => t.id),
    ),
  ),
];
const traceOf = (event: RecordedEvent) =>
  event.metadata.traceparent ? { traceparent: event.metadata.traceparent } : undefined;
/** A reminder tried: the next one is queued. */
const isReminder = (event: RecordedEvent) =>
  event.type === 'NotificationAttempted' && (event.data as NotificationAttempted['data']).stage.kind === 'reminder';

/**
 * The paging engine's process manager (ARCHITECTURE.md, "Signals"). It follows the log from its
 * checkpoint: an alert that triggers, escalates or is reassigned gets one durable delayed job per due
 * notification, due times counted from the trigger, job ids from (alert, episode, stage, user, row, due
 * time) so scheduling twice adds nothing; acknowledgement and resolution cancel what is queued, an
 * optimisation only, since each job asks the alert's decider whether its page is still due.
 *
 * At start it first reschedules every alert it holds as open: jobs of the in-process queue died with the
 * process, so due notifications not yet sent are queued again, late ones at once. (Embedded, its
 * checkpoint is in memory too and the whole log is followed again: the same scheduling, from the alerts'
 * current state.) It runs where jobs run (APP_ROLE worker or all).
 */
@Injectable()
export class PagingProcessManager implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly follower: LogFollower;
  /** Alerts planned alongside each other, in turns by organization, their writes in log order. */
  private turns = new PagingTurns(null);
  /** The position of the latest team or notification-setting event seen (null: none since this start). */
  private peopleChangedAt: number | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly planner: PagingPlanner,
    private readonly progress: ProjectionProgress,
  ) {
    this.follower = new LogFollower('paging', logger);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!runsJobs(this.config.APP_ROLE)) return;
    const checkpoint = await this.readStore.checkpoint(PAGING_PROCESS);
    const from = checkpoint?.position ?? null;
    this.follower.processed = from;
    this.turns = new PagingTurns(from);
    const open = await this.readStore.find<OpenAlertDoc>(PAGING_OPEN_ALERTS, {});
    for (const alert of open) await (await this.reconcile(alert.stream, from))();
    this.follower.follow(this.eventStore, from, (event) => this.handle(event));
  }

  async onModuleDestroy(): Promise<void> {
    await this.follower.stop();
    await this.turns.drain();
  }

  /** Resolves once the event at `position` is handled (bounded): its jobs are queued or cancelled. */
  async waitFor(position: number | null, timeoutMs = 5000): Promise<void> {
    if (position === null) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.turns.waitFor(position),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
  }

  /** Hands the event to the turns and returns: the log's next event does not wait for this alert's jobs. */
  private async handle(event: RecordedEvent): Promise<void> {
    if (PEOPLE_CHANGES.test(event.type)) this.peopleChangedAt = event.position;
    if (SCHEDULE_CHANGES.has(event.type)) return this.replanSchedule(event);
    if (!(REPLAN.has(event.type) || END.has(event.type) || isReminder(event))) return this.turns.hand(event.position);
    const failed = (error: unknown) => {
      // the alert's state stays the truth: the next start (or the next event of this alert) schedules again
      this.logger.error({ err: error, stream: event.stream, event: event.id }, 'paging: could not schedule an alert');
      return null;
    };
    await this.turns.hand(event.position, {
      orgId: event.metadata.orgId ?? '',
      stream: event.stream,
      // after the alert's previous events are written: a duplicate asks its open entry (see `concerns`)
      // in the trace of the request that made the change (traces on): the jobs queued here carry it on
      plan: () =>
        continueTrace(traceOf(event), 'paging plan', async () => {
          try {
            if (!(await this.concerns(event))) return null;
            const write = await this.reconcile(event.stream, event.position);
            return () => write().catch((error) => void failed(error));
          } catch (error) {
            return failed(error);
          }
        }),
    });
  }

  /** Plans again each open alert whose policy pages the schedule the event changed. */
  private async replanSchedule(event: RecordedEvent): Promise<void> {
    const { scheduleId } = event.data as { scheduleId: string };
    const open = await this.readStore.find<OpenAlertDoc>(PAGING_OPEN_ALERTS, { scheduleIds: scheduleId });
    if (open.length === 0) return this.turns.hand(event.position);
    for (const alert of open)
      await this.turns.hand(event.position, {
        orgId: event.metadata.orgId ?? '',
        stream: alert.stream,
        plan: async () => {
          try {
            const write = await this.reconcile(alert.stream, event.position);
            return () => write().catch((error) => void this.logger.error({ err: error }, 'paging: could not re-plan'));
          } catch (error) {
            this.logger.error(
              { err: error, stream: alert.stream },
              'paging: could not re-plan after a schedule change',
            );
            return null;
          }
        },
      });
  }

  /** The auto-resolve job of an open alert whose source has a quiet period: due that long after it was last seen. */
  private async autoResolve(stream: string, plan: AlertPlan) {
    const { state, triggered } = plan;
    if (!triggered || !state.lastSeenAt || (state.status !== 'triggered' && state.status !== 'acknowledged'))
      return null;
    const source = await eventSourcesView.find(this.readStore, triggered.orgId, triggered.sourceId);
    const quietMinutes = source?.autoResolveMinutes;
    if (!quietMinutes) return null;
    const dueAt = Date.parse(state.lastSeenAt) + quietMinutes * 60_000;
    const data: AutoResolveJobData = {
      stream,
      orgId: triggered.orgId,
      alertId: triggered.alertId,
      episode: state.episode,
      sourceId: triggered.sourceId,
      quietMinutes,
      correlationId: plan.correlationId,
    };
    return { id: `auto-resolve/${triggered.alertId}/${state.episode}/${dueAt}`, dueAt, data };
  }

  /**
   * A duplicate payload changes nothing queued unless its source auto-resolves (the quiet period starts over):
   * most of a noisy tool's traffic is duplicates, and each would otherwise cost a whole reconciliation.
   */
  private async concerns(event: RecordedEvent): Promise<boolean> {
    if (event.type !== 'AlertDeduplicated') return true;
    const { alertId } = event.data as { alertId: string };
    const open = await this.readStore.findOne<OpenAlertDoc>(PAGING_OPEN_ALERTS, { _id: alertId });
    return !!open?.autoResolveJobId;
  }

  /**
   * Brings the queue in line with the alert's current state: the jobs of its plan are added (those that
   * exist are left alone), the ones of an earlier plan are cancelled; an alert no longer open has none.
   * Answers the write of the alert's open entry with the checkpoint, for the caller to make in log order.
   */
  private async reconcile(stream: string, position: number | null): Promise<() => Promise<void>> {
    // the people paged are read from views: let them include the latest change to a team or a setting this
    // process has seen (usually long folded: no wait; waiting for the alert's own position instead would
    // hold every page behind the projector's next batch)
    await this.progress.waitFor(ViewNames.teams, this.peopleChangedAt);
    await this.progress.waitFor(ViewNames.notificationSettings, this.peopleChangedAt);
    await this.progress.waitFor(ViewNames.onCallSchedules, this.peopleChangedAt);
    await this.progress.waitFor(ViewNames.onCallRemovals, this.peopleChangedAt);
    const plan = await this.planner.plan(stream);
    const alertId = plan.triggered?.alertId;
    const before = alertId ? await this.readStore.findOne<OpenAlertDoc>(PAGING_OPEN_ALERTS, { _id: alertId }) : null;
    const now = this.clock.now();
    for (const job of plan.jobs)
      await queuePagingJob(this.jobs, PAGE_JOB, job, job.notification.jobId, Date.parse(job.notification.dueAt) - now);
    // a try left without an outcome (a crash mid-send): tried again once it cannot still be under way, whatever
    // became of its job (gone with the in-process queue, or held by a dead BullMQ worker until its lock expires)
    for (const job of plan.jobs) {
      const attempt = plan.state.attempts[job.notification.attemptId];
      if (attempt?.status !== 'in_flight') continue;
      const lastTry = Date.parse(attempt.lastTryAt);
      const delay = lastTry + inFlightWindowMs(this.config) + 500 - now;
      await queuePagingJob(this.jobs, PAGE_JOB, job, `${job.notification.jobId}/resume-${lastTry}`, delay);
    }
    for (const job of plan.unreachable)
      await queuePagingJob(
        this.jobs,
        UNREACHABLE_JOB,
        job,
        job.unreachable.jobId,
        Date.parse(job.unreachable.dueAt) - now,
      );
    for (const step of plan.steps)
      await queuePagingJob(this.jobs, STEP_JOB, step.data, step.jobId, Date.parse(step.dueAt) - now);
    for (const held of plan.held)
      await queuePagingJob(this.jobs, SUPPRESSION_JOB, held.data, held.jobId, Date.parse(held.dueAt) - now);
    const jobIds = [
      ...plan.jobs.map((job) => job.notification.jobId),
      ...plan.unreachable.map((job) => job.unreachable.jobId),
      ...plan.steps.map((step) => step.jobId),
      ...plan.held.map((held) => held.jobId),
    ];
    for (const id of before?.jobIds ?? []) if (!jobIds.includes(id)) await this.jobs.cancel(PAGING_QUEUE, id);
    const autoResolve = await this.autoResolve(stream, plan);
    if (autoResolve)
      await queuePagingJob(this.jobs, AUTO_RESOLVE_JOB, autoResolve.data, autoResolve.id, autoResolve.dueAt - now);
    const autoResolveJobId = autoResolve?.id ?? null;
    if (before?.autoResolveJobId && before.autoResolveJobId !== autoResolveJobId)
      await this.jobs.cancel(PAGING_QUEUE, before.autoResolveJobId);
    const nothing = async () => undefined;
    if (!alertId) return nothing;
    const op =
      isPaging(plan.state) || isHeld(plan.state) || autoResolve
        ? {
            op: 'put' as const,
            collection: PAGING_OPEN_ALERTS,
            doc: { _id: alertId, stream, jobIds, autoResolveJobId, scheduleIds: schedulesOf(plan) },
          }
        : { op: 'delete' as const, collection: PAGING_OPEN_ALERTS, id: alertId };
    const at = position ?? this.follower.processed;
    if (at === null) return nothing;
    return async () => void (await this.readStore.commit(PAGING_PROCESS, { position: at, version: 1 }, [op]));
  }
}
