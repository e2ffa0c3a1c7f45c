import { Inject, Injectable } from '@nestjs/common';
import {
  ACTION_LINK_TTL_MS,
  alertShortCode,
  attemptIdOf,
  DomainError,
  NOTIFICATION_IN_FLIGHT_MESSAGE,
  signAction,
  type AlertTriggered,
  type NotificationAttempted,
  type NotificationFailed,
} from '@tocsin/domain';
import type { DeliveryResult, JobContext, PageMessage, RecordedEvent } from '@tocsin/platform';
import { membershipsView, organizationsView } from '@tocsin/read-models';
import { alertCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import {
  CHANNELS,
  CLOCK,
  CONFIG,
  EVENT_STORE,
  JOB_QUEUE,
  LOGGER,
  METRICS,
  READ_STORE,
  type AppConfig,
  type Channels,
  type Clock,
  type EventStore,
  type JobQueue,
  type Logger,
  type Metrics,
  type ReadStore,
} from '../../runtime/ports';
import { systemContext } from '../../shared/request-context';
import { PublicUrl } from '../../shared/public-url';
import { DestinationAddresses } from '../../destinations/destination-addresses';
import { ActionLinkSecret } from './action-link-secret';
import { JobProcessor, type JobOutcome, type JobProcessorInstance } from '../../worker/job-processor';
import {
  AUTO_RESOLVE_JOB,
  PAGE_JOB,
  PAGING_QUEUE,
  PROBE_JOB,
  STEP_JOB,
  SUPPRESSION_JOB,
  deliveryTimeoutMs,
  inFlightWindowMs,
  queuePagingJob,
  UNREACHABLE_JOB,
  type AutoResolveJobData,
  type PageJobData,
  type StepJobData,
  type SuppressionJobData,
  type UnreachableJobData,
} from './paging.jobs';
import { MaintenanceSuppression } from '../../incidents/maintenances/maintenance-suppression';

export type PageJobResult = {
  status: 'sent' | 'failed' | 'not_due' | 'resolved' | 'unreachable' | 'reached' | 'released' | 'probed';
};
type PagingJobData = PageJobData | AutoResolveJobData | UnreachableJobData | StepJobData | SuppressionJobData;

/** A paging command's context: the system's, in the correlation of the payload that triggered the alert. */
const pagingContext = ({ orgId, correlationId }: PagingJobData) => {
  const context = systemContext(orgId);
  return correlationId ? { ...context, correlationId } : context;
};

/** Thrown to have the queue run the job again after its backoff. */
class TryAgainLater extends Error {}

/**
 * One due notification: asks the alert's decider for a try (NotificationAttempted is recorded before the
 * provider is called), hands the page to its channel, records NotificationSent or NotificationFailed with
 * the provider's answer. A retryable failure runs the job again after a backoff; a final one tries the
 * person's next method at once. A job the decider finds no longer due (acknowledged, resolved, sent,
 * another episode) ends doing nothing.
 */
@Injectable()
@JobProcessor({ queue: PAGING_QUEUE, concurrency: 16 })
export class PageProcessor implements JobProcessorInstance<PagingJobData, PageJobResult> {
  constructor(
    private readonly commands: Commands,
    private readonly secret: ActionLinkSecret,
    private readonly addresses: DestinationAddresses,
    @Inject(CHANNELS) private readonly channels: Channels,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly publicUrl: PublicUrl,
    private readonly maintenances: MaintenanceSuppression,
    @Inject(METRICS) private readonly metrics: Metrics,
  ) {}

  async process(job: JobContext<PagingJobData>): Promise<PageJobResult> {
    if (job.name === PROBE_JOB) return { status: 'probed' };
    if (job.name === AUTO_RESOLVE_JOB) return this.autoResolve(job.data as AutoResolveJobData);
    if (job.name === UNREACHABLE_JOB) return this.unreachable(job.data as UnreachableJobData);
    if (job.name === STEP_JOB) return this.reachStep(job.data as StepJobData);
    if (job.name === SUPPRESSION_JOB) return this.reviewHold(job.data as SuppressionJobData);
    return this.page(job.data as PageJobData);
  }

  /**
   * The queue gave up on a job (every try met an error: the log or a view unreachable, not a provider's answer,
   * which the decider counts): the alert's state still decides, so it is asked again a minute later rather than
   * the page left to chance.
   */
  async finished(job: { id: string; data: PagingJobData }, outcome: JobOutcome): Promise<void> {
    if (outcome.status !== 'failed') return;
    const name =
      'notification' in job.data
        ? PAGE_JOB
        : 'unreachable' in job.data
          ? UNREACHABLE_JOB
          : 'step' in job.data
            ? STEP_JOB
            : 'maintenanceId' in job.data
              ? SUPPRESSION_JOB
              : AUTO_RESOLVE_JOB;
    this.logger.error(
      { job: job.id, error: outcome.error },
      'paging: a job ran out of tries; asking again in a minute',
    );
    await queuePagingJob(this.jobs, name, job.data, `${job.id}/again-${this.clock.now()}`, 60_000);
  }

  /** The source has been quiet: the decider resolves the alert unless it was seen since (then a later job will ask). */
  private async autoResolve(data: AutoResolveJobData): Promise<PageJobResult> {
    const { stream, orgId, alertId, episode, sourceId, quietMinutes } = data;
    const command = {
      type: 'AutoResolveAlert' as const,
      alertId,
      orgId,
      episode,
      sourceId,
      quietMinutes,
      at: this.now(),
    };
    const outcome = await this.commands.run(alertCommand(stream, command, pagingContext(data)));
    return { status: outcome.events.length > 0 ? 'resolved' : 'not_due' };
  }

  /** A maintenance holds the alert: its window ended or it changed; the alert's decider ends or moves the hold. */
  private async reviewHold(data: SuppressionJobData): Promise<PageJobResult> {
    const { position: _position, correlationId, ...held } = data;
    const changed = await this.maintenances.review(held, correlationId);
    return { status: changed ? 'released' : 'not_due' };
  }

  /** A step's start: the timeline records that the escalation reached it (when it is still due). */
  private async reachStep(data: StepJobData): Promise<PageJobResult> {
    const { stream, orgId, alertId, episode, step, onCall, skipped } = data;
    const command = {
      type: 'ReachEscalationStep' as const,
      alertId,
      orgId,
      episode,
      step,
      at: this.now(),
      ...(onCall && { onCall, skipped: skipped === true }),
    };
    const outcome = await this.commands.run(alertCommand(stream, command, pagingContext(data)));
    return { status: outcome.events.length > 0 ? 'reached' : 'not_due' };
  }

  /** A due step's target pages nobody: the alert says so (once, and only while the step is still due). */
  private async unreachable(data: UnreachableJobData): Promise<PageJobResult> {
    const { stream, orgId, alertId, episode, unreachable: u } = data;
    const { attemptId, stage, target, userId, reason } = u;
    const command = { type: 'RecordUnreachableTarget' as const, alertId, orgId, episode, attemptId, stage, target };
    const outcome = await this.commands.run(
      alertCommand(stream, { ...command, userId, reason, at: this.now() }, pagingContext(data)),
    );
    return { status: outcome.events.length > 0 ? 'unreachable' : 'not_due' };
  }

  private async page(data: PageJobData): Promise<PageJobResult> {
    const { stream, orgId, alertId, episode, notification: n } = data;
    const context = pagingContext(data);
    // membership is checked when the page is due, not when it was planned: someone removed since is paged by nothing
    if (!(await membershipsView.of(this.readStore, orgId, n.userId))) return this.notAMember(data);
    let attempted: NotificationAttempted | undefined;
    try {
      const { stage, attemptId, userId, settingId, channel, address } = n;
      const command = { type: 'AttemptNotification' as const, alertId, orgId, episode, attemptId, stage };
      const outcome = await this.commands.run(
        alertCommand(
          stream,
          {
            ...command,
            userId,
            settingId,
            channel,
            address,
            at: this.now(),
            inFlightMs: inFlightWindowMs(this.config),
          },
          context,
        ),
      );
      attempted = outcome.events.find((e): e is NotificationAttempted => e.type === 'NotificationAttempted');
    } catch (error) {
      if (error instanceof DomainError && error.message === NOTIFICATION_IN_FLIGHT_MESSAGE)
        throw new TryAgainLater(`${n.attemptId}: another try is under way`);
      if (error instanceof DomainError && error.code === 'not_found') return { status: 'not_due' };
      throw error;
    }
    if (!attempted) return { status: 'not_due' };

    const result = await this.deliver(data, attempted);
    const outcome = result.ok ? 'sent' : result.retryable ? 'failed_retryable' : 'failed';
    this.metrics.notifications.inc({ channel: n.channel, outcome });
    const recorded = await this.commands.run(
      alertCommand(
        stream,
        {
          type: 'RecordNotificationOutcome',
          alertId,
          orgId,
          episode,
          attemptId: n.attemptId,
          try: attempted.data.try,
          at: this.now(),
          result,
        },
        pagingContext(data),
      ),
    );
    if (result.ok) return { status: 'sent' };
    const failed = recorded.events.find((e): e is NotificationFailed => e.type === 'NotificationFailed');
    if (failed && !failed.data.final) throw new TryAgainLater(`${n.attemptId}: ${result.answer}`);
    await this.fallThrough(data);
    return { status: 'failed' };
  }

  /** The person left the organization: the alert says they could not be paged (once per stage), no method is tried. */
  private async notAMember(data: PageJobData): Promise<PageJobResult> {
    const { notification: n, ...alert } = data;
    const attemptId = attemptIdOf(alert.alertId, alert.episode, n.stage, n.userId, 'none');
    return this.unreachable({
      ...alert,
      unreachable: {
        attemptId,
        jobId: n.jobId,
        stage: n.stage,
        target: n.target,
        userId: n.userId,
        reason: 'not_a_member',
        dueAt: n.dueAt,
      },
    });
  }

  /** The person's next method, at once: the same stage's next row of theirs. */
  private async fallThrough(data: PageJobData): Promise<void> {
    const [next, ...rest] = data.fallbacks;
    if (!next) return;
    const job: PageJobData = { ...data, notification: next, fallbacks: rest };
    await queuePagingJob(this.jobs, PAGE_JOB, job, `${next.jobId}/fallthrough`);
  }

  private async deliver(data: PageJobData, attempted: NotificationAttempted): Promise<DeliveryResult> {
    try {
      const { userId, channel, address } = data.notification;
      const target = await this.addresses.resolve(userId, channel, address);
      if ('refused' in target) return { ok: false, retryable: false, answer: target.refused };
      const message = await this.message(data, attempted);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<DeliveryResult>(
        (resolve) =>
          (timer = setTimeout(
            () => resolve({ ok: false, retryable: true, answer: 'The provider did not answer in time' }),
            this.timeoutMs(),
          )),
      );
      const result = await Promise.race([this.channels.send(channel, target.address, message), timeout]);
      clearTimeout(timer);
      return result;
    } catch (error) {
      this.logger.warn({ err: error, attemptId: data.notification.attemptId }, 'paging: the channel threw');
      return { ok: false, retryable: true, answer: error instanceof Error ? error.message : String(error) };
    }
  }

  private async message(data: PageJobData, attempted: NotificationAttempted): Promise<PageMessage> {
    const { stream, orgId, alertId, episode } = data;
    const history = await this.eventStore.readStream(stream);
    const trigger = history.find(
      (e) => e.type === 'AlertTriggered' && (e.data as AlertTriggered['data']).episode === episode,
    );
    const alert = trigger?.data as AlertTriggered['data'];
    this.countFirstPage(history, data, trigger, attempted);
    const organization = await organizationsView.byId(this.readStore, orgId);
    const base = this.publicUrl.base;
    const expiresAt = new Date(this.clock.now() + ACTION_LINK_TTL_MS).toISOString();
    const secret = this.secret.value;
    const link = (action: 'acknowledge' | 'resolve') =>
      `${base}/signals/alerts/${encodeURIComponent(alertId)}/actions/${signAction(
        { alertId, episode, action, userId: attempted.data.userId, expiresAt },
        secret,
      )}`;
    return {
      alertId,
      episode,
      attemptId: attempted.data.attemptId,
      orgName: (organization?.name as string | undefined) ?? '',
      summary: alert.summary,
      priority: alert.priority,
      labels: alert.labels,
      alertUrl: `${base}/signals/alerts/${encodeURIComponent(alertId)}`,
      acknowledgeUrl: link('acknowledge'),
      resolveUrl: link('resolve'),
      shortCode: alertShortCode(alertId, episode, secret),
    };
  }

  /**
   * Ingest -> first page handed to a channel: timed from the trigger's recording by the first try of the episode's
   * first attempt (parallel pages of one step race; only the one recorded first counts).
   */
  private countFirstPage(
    history: readonly RecordedEvent[],
    data: PageJobData,
    trigger: RecordedEvent | undefined,
    attempted: NotificationAttempted,
  ): void {
    const first = history.find(
      (e) => e.type === 'NotificationAttempted' && (e.data as NotificationAttempted['data']).episode === data.episode,
    )?.data as NotificationAttempted['data'] | undefined;
    if (!trigger || attempted.data.try !== 1 || first?.attemptId !== attempted.data.attemptId) return;
    const seconds = Math.max(0, (this.clock.now() - Date.parse(trigger.recordedAt)) / 1000);
    this.metrics.firstPage.observe({ channel: data.notification.channel }, seconds);
    this.metrics.byOrg.firstPage(data.orgId, seconds);
  }

  private timeoutMs(): number {
    return deliveryTimeoutMs(this.config);
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
