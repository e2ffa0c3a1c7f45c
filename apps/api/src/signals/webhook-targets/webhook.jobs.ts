import type { WebhookEventType } from '@tocsin/domain';
import type { JobOptions } from '@tocsin/platform';

/** Every webhook delivery: a queue of its own, so a slow receiver never holds a page (the paging queue) back. */
export const WEBHOOK_QUEUE = 'webhooks';
/** Tries of one delivery, the first included: then 1, 2, 4 and 8 minutes apart (15 minutes in all). */
export const WEBHOOK_ATTEMPTS = 5;
export const WEBHOOK_JOB_OPTIONS: JobOptions = {
  attempts: WEBHOOK_ATTEMPTS,
  backoff: { type: 'exponential', delay: 60_000 },
};
/** A receiver has this long to answer (at most; CHANNEL_TIMEOUT_MS when shorter). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Deliveries to one target under way at once in one worker; more wait their turn. */
export const WEBHOOK_TARGET_CONCURRENCY = 2;

export interface WebhookJobData {
  orgId: string;
  targetId: string;
  eventId: string;
  eventType: WebhookEventType;
  /** 0: the first delivery; n: the n-th redelivery from the log. */
  round: number;
  /** The body as sent, byte for byte the same on every try and redelivery. */
  body: string;
}

export const webhookJobId = (data: Pick<WebhookJobData, 'targetId' | 'eventId' | 'round'>) =>
  `webhook/${data.targetId}/${data.eventId}/${data.round}`;

/** Queued by target (ready jobs take turns by group): one target's backlog does not hold another's. */
export const webhookJobOptions = (data: WebhookJobData, delay = 0): JobOptions => ({
  ...WEBHOOK_JOB_OPTIONS,
  jobId: webhookJobId(data),
  group: data.targetId,
  delay,
});
