import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { ViewNames } from '@tocsin/contracts';
import { webhookEventTypeOf, type AlertTriggered, type WebhookEventType } from '@tocsin/domain';
import type { RecordedEvent } from '@tocsin/platform';
import {
  alertsView,
  WEBHOOK_EVENTS,
  WEBHOOK_EVENTS_INDEXES,
  webhookTargetsView,
  type WebhookTargetDoc,
} from '@tocsin/read-models';
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
import { LogFollower } from '../../shared/log-follower';
import { ProjectionProgress } from '../../shared/projection-progress';
import { runsJobs } from '../../worker/job-processor';
import { WEBHOOK_QUEUE, webhookJobOptions, type WebhookJobData } from './webhook.jobs';

/** Where the dispatcher keeps its place in the log (with the events it wrote, in one commit). */
export const WEBHOOK_PROCESS = 'reactor:webhooks';

/** What the event says beyond the alert (who acted, the step, the person), the alert's own fields left out. */
function detailsOf(data: Record<string, unknown>): Record<string, unknown> {
  const {
    alertId: _a,
    orgId: _o,
    teamId: _t,
    summary: _s,
    priority: _p,
    sourceId: _src,
    policy: _pol,
    routing: _r,
    ...rest
  } = data;
  return rest;
}

const wanted = (target: WebhookTargetDoc, type: WebhookEventType, teamId: string, position: number) =>
  target.status === 'active' &&
  position > target.since &&
  target.eventTypes.includes(type) &&
  (target.teamIds.length === 0 || target.teamIds.includes(teamId));

/**
 * The webhook targets' process manager: it follows the log and, for each alert lifecycle event, writes the
 * event's body under its position (the events endpoint pages these) and queues one delivery job per target
 * that wants it, the job id from (target, event, round) so queueing twice adds nothing. Jobs are queued before
 * the checkpoint moves: a crash between the two queues them again, harmlessly. It runs where jobs run.
 */
@Injectable()
export class WebhookDispatcher implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly follower: LogFollower;
  /** The latest target event seen: the targets view must show it before an event is matched against it. */
  private targetsChangedAt: number | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly progress: ProjectionProgress,
  ) {
    this.follower = new LogFollower('webhooks', logger);
  }

  async onModuleInit(): Promise<void> {
    await this.readStore.ensureIndexes(WEBHOOK_EVENTS, WEBHOOK_EVENTS_INDEXES);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!runsJobs(this.config.APP_ROLE)) return;
    const checkpoint = await this.readStore.checkpoint(WEBHOOK_PROCESS);
    this.follower.follow(this.eventStore, checkpoint?.position ?? null, (event) => this.handle(event));
  }

  async onModuleDestroy(): Promise<void> {
    await this.follower.stop();
  }

  private async handle(event: RecordedEvent): Promise<void> {
    if (event.type.startsWith('WebhookTarget')) this.targetsChangedAt = event.position;
    const type = webhookEventTypeOf(event.type);
    if (!type) return;
    try {
      await this.dispatch(event, type);
    } catch (error) {
      // the checkpoint stays behind: the next start follows the log from there and tries again
      this.logger.error({ err: error, event: event.id }, 'webhooks: could not dispatch an alert event');
    }
  }

  private async dispatch(event: RecordedEvent, type: WebhookEventType): Promise<void> {
    const orgId = event.metadata.orgId;
    if (!orgId) return;
    await this.progress.waitFor(ViewNames.webhookTargets, this.targetsChangedAt);
    const targets = await webhookTargetsView.ofOrg(this.readStore, orgId);
    // an organization without targets costs one indexed read: a target is only given the events after its creation
    if (targets.length === 0) return;
    const data = event.data as Record<string, unknown> & { alertId: string; at?: string };
    const alert = await this.alertOf(event, orgId);
    if (!alert) {
      this.logger.warn({ event: event.id }, 'webhooks: the alert of an event is not in the alerts view; not sent');
      return;
    }
    const payload = {
      id: String(event.position),
      type,
      occurred_at: data.at ?? event.metadata.occurredAt,
      alert,
      data: detailsOf(data),
    };
    const body = JSON.stringify(payload);
    for (const target of targets.filter((t) => wanted(t, type, alert.team_id, event.position))) {
      const job: WebhookJobData = {
        orgId,
        targetId: target._id,
        eventId: payload.id,
        eventType: type,
        round: 0,
        body,
      };
      await this.jobs.add(WEBHOOK_QUEUE, 'deliver', job, webhookJobOptions(job));
    }
    const doc = { _id: payload.id, orgId, position: event.position, type, teamId: alert.team_id, payload };
    await this.readStore.commit(WEBHOOK_PROCESS, { position: event.position, version: 1 }, [
      { op: 'put', collection: WEBHOOK_EVENTS, doc },
    ]);
  }

  /**
   * What a delivery says of the alert: from the event itself when it triggers, else from the alerts view once it
   * shows this event (its team and summary do not change after the trigger).
   */
  private async alertOf(event: RecordedEvent, orgId: string) {
    if (event.type === 'AlertTriggered') {
      const { alertId, teamId, summary, priority, sourceId } = (event as unknown as AlertTriggered).data;
      return { id: alertId, team_id: teamId, summary, priority, source_id: sourceId };
    }
    await this.progress.waitFor(ViewNames.alerts, event.position);
    const doc = await alertsView.find(this.readStore, orgId, (event.data as { alertId: string }).alertId);
    return (
      doc && { id: doc._id, team_id: doc.teamId, summary: doc.summary, priority: doc.priority, source_id: doc.sourceId }
    );
  }
}
