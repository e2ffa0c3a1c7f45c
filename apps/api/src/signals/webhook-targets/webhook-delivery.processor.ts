import { Inject, Injectable } from '@nestjs/common';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_EVENT_TYPE_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@tocsin/contracts';
import { DomainError, webhookDeliveryStream, type WebhookTargetPaused } from '@tocsin/domain';
import { deliveryError, egress, failedStatus, type JobContext } from '@tocsin/platform';
import { webhookTargetsView, type WebhookTargetDoc } from '@tocsin/read-models';
import { performance } from 'node:perf_hooks';
import { deciders, webhookDeliveryCommand, webhookTargetCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import {
  CLOCK,
  CONFIG,
  EVENT_STORE,
  JOB_QUEUE,
  READ_STORE,
  type AppConfig,
  type Clock,
  type EventStore,
  type JobQueue,
  type ReadStore,
} from '../../runtime/ports';
import { currentState } from '../../shared/event-sourced';
import { systemContext } from '../../shared/request-context';
import { JobProcessor, type JobProcessorInstance } from '../../worker/job-processor';
import { signatureHeader } from '../ingest/signature';
import { WebhookPauseNotice } from './webhook-pause-notice';
import { WebhookTargetSecrets } from './webhook-target-secrets';
import {
  WEBHOOK_ATTEMPTS,
  WEBHOOK_QUEUE,
  WEBHOOK_TARGET_CONCURRENCY,
  WEBHOOK_TIMEOUT_MS,
  webhookJobOptions,
  type WebhookJobData,
} from './webhook.jobs';

type Result = { status: 'delivered' | 'failed' | 'skipped' | 'deferred' };

/** Thrown to have the queue try again after its backoff. */
class TryAgainLater extends Error {}

/** One try's outcome as the log keeps it. */
interface Try {
  statusCode: number | null;
  ok: boolean;
  retryable: boolean;
  error: string | null;
  durationMs: number;
}

/**
 * One delivery of one event to one target: signed with the target's secret (and the previous one during a
 * rotation), posted through the egress guard with a timeout, each try recorded in the delivery's stream (the
 * delivery log) and counted on the target (the pause rule). A failure is tried again with exponential backoff
 * until WEBHOOK_ATTEMPTS; a delivery that went through, was replaced by a redelivery, or whose target is gone or
 * paused, ends doing nothing.
 */
@Injectable()
@JobProcessor({ queue: WEBHOOK_QUEUE, concurrency: 8 })
export class WebhookDeliveryProcessor implements JobProcessorInstance<WebhookJobData, Result> {
  /** Deliveries under way per target in this worker: a slow receiver holds at most this many slots. */
  private readonly busy = new Map<string, number>();

  constructor(
    private readonly commands: Commands,
    private readonly secrets: WebhookTargetSecrets,
    private readonly notice: WebhookPauseNotice,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  async process(job: JobContext<WebhookJobData>): Promise<Result> {
    const data = job.data;
    const target = await webhookTargetsView.find(this.readStore, data.orgId, data.targetId);
    // a redelivery asked by a person goes to a paused target too: it is how one checks the receiver is back
    if (!target || (target.status === 'paused' && data.round === 0)) return { status: 'skipped' };
    const stream = webhookDeliveryStream(data.targetId, data.eventId);
    const state = await currentState(this.eventStore, stream, deciders.webhookDelivery);
    if (state.round !== data.round || state.delivered || state.attempts >= WEBHOOK_ATTEMPTS)
      return { status: 'skipped' };
    const busy = this.busy.get(target._id) ?? 0;
    if (busy >= WEBHOOK_TARGET_CONCURRENCY) {
      await this.jobs.add(WEBHOOK_QUEUE, 'deliver', data, {
        ...webhookJobOptions(data, 1000),
        jobId: `${job.id}/later-${this.clock.now()}`,
      });
      return { status: 'deferred' };
    }
    this.busy.set(target._id, busy + 1);
    let result: Try;
    try {
      result = await this.post(target, data);
    } finally {
      const left = (this.busy.get(target._id) ?? 1) - 1;
      if (left > 0) this.busy.set(target._id, left);
      else this.busy.delete(target._id);
    }
    await this.record(target, data, result);
    if (result.ok) return { status: 'delivered' };
    if (result.retryable && job.attemptsMade + 1 < WEBHOOK_ATTEMPTS) {
      throw new TryAgainLater(`${data.targetId}/${data.eventId}: ${result.error}`);
    }
    return { status: 'failed' };
  }

  private async post(target: WebhookTargetDoc, data: WebhookJobData): Promise<Try> {
    const t = Math.floor(this.clock.now() / 1000);
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const response = await egress(
        {
          url: target.url,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Tocsin-Webhooks/1',
            [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(this.secrets.of(target), data.body, t),
            [WEBHOOK_EVENT_ID_HEADER]: data.eventId,
            [WEBHOOK_EVENT_TYPE_HEADER]: data.eventType,
          },
          body: data.body,
        },
        {
          allowPrivate: this.config.CHANNELS_ALLOW_PRIVATE_ADDRESSES,
          timeoutMs: Math.min(this.config.CHANNEL_TIMEOUT_MS, WEBHOOK_TIMEOUT_MS),
          maxResponseBytes: 1024,
        },
      );
      const durationMs = took();
      if (response.status >= 200 && response.status < 300) {
        return { statusCode: response.status, ok: true, retryable: false, error: null, durationMs };
      }
      // a redirect is not followed (it could lead anywhere); other answers as the channels read them
      const answer =
        response.status < 400
          ? { retryable: false, answer: `${response.status} redirect not followed` }
          : failedStatus(response.status, response.body);
      const retryable = 'retryable' in answer ? answer.retryable : false;
      return { statusCode: response.status, ok: false, retryable, error: answer.answer, durationMs };
    } catch (error) {
      const answer = deliveryError(error);
      return {
        statusCode: null,
        ok: false,
        retryable: !answer.ok && answer.retryable,
        error: answer.answer,
        durationMs: took(),
      };
    }
  }

  private async record(target: WebhookTargetDoc, data: WebhookJobData, result: Try): Promise<void> {
    const context = systemContext(data.orgId);
    const at = new Date(this.clock.now()).toISOString();
    const { targetId, eventId, eventType, round } = data;
    const { statusCode, ok, error, durationMs } = result;
    await this.commands.run(
      webhookDeliveryCommand(
        { type: 'RecordWebhookAttempt', targetId, eventId, eventType, round, at, durationMs, statusCode, ok, error },
        context,
      ),
    );
    let outcome;
    try {
      outcome = await this.commands.run(
        webhookTargetCommand({ type: 'RecordWebhookTargetOutcome', targetId, ok, at }, context),
      );
    } catch (error) {
      // deleted while this try was under way: its try is in the log, there is nothing left to count
      if (error instanceof DomainError && error.code === 'not_found') return;
      throw error;
    }
    const paused = outcome.events.find((e): e is WebhookTargetPaused => e.type === 'WebhookTargetPaused');
    if (paused) await this.notice.send(target, paused.data.failures, paused.data.since);
  }
}
