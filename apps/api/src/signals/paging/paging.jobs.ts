import type { DueNotification, OnCallRecord, UnreachableTarget } from '@tocsin/domain';
import type { JobOptions, JobQueue } from '@tocsin/platform';

/** Every page of every alert: one delayed job per due notification (ARCHITECTURE.md, "Signals"). */
export const PAGING_QUEUE = 'paging';

/**
 * What every paging job carries besides its own data: the correlation id of the payload that triggered the alert's
 * episode (its `AlertTriggered` event's), so every paging command and notification event traces back to it.
 * Absent on jobs queued before it was carried: those start a correlation of their own.
 */
export interface PagingJobTrace {
  correlationId?: string;
}

export interface PageJobData extends PagingJobTrace {
  /** The alert's stream: what the job's commands are decided on. */
  stream: string;
  orgId: string;
  alertId: string;
  episode: number;
  notification: DueNotification;
  /** The same person's later rows of the same stage, by delay: tried at once, in turn, when this one fails for good. */
  fallbacks: DueNotification[];
}

/** The source's quiet period after the alert was last seen (job name `auto-resolve`). */
export interface AutoResolveJobData extends PagingJobTrace {
  stream: string;
  orgId: string;
  alertId: string;
  episode: number;
  sourceId: string;
  quietMinutes: number;
}

/** A due step's target that pages nobody: recorded on the alert when the step starts (job name `unreachable`). */
export interface UnreachableJobData extends PagingJobTrace {
  stream: string;
  orgId: string;
  alertId: string;
  episode: number;
  unreachable: UnreachableTarget;
}

/** A step's start (job name `step`): the timeline records that the escalation reached it. */
export interface StepJobData extends PagingJobTrace {
  stream: string;
  orgId: string;
  alertId: string;
  episode: number;
  step: number;
  /** The step's schedule targets and who each had on call when it starts (the timeline records it). */
  onCall?: OnCallRecord[];
  /** Nobody to page: the step goes on to the next at once. */
  skipped?: boolean;
}

/**
 * A scheduled maintenance holds the alert's episode (job name `suppression`): look at the maintenance as its own
 * stream says and end or move the hold (issue 21). `position` is where the hold was recorded (for the record).
 */
export interface SuppressionJobData extends PagingJobTrace {
  stream: string;
  orgId: string;
  alertId: string;
  episode: number;
  maintenanceId: string;
  sourceId: string;
  service?: string;
  position: number | null;
}

export const PAGE_JOB = 'page';
export const SUPPRESSION_JOB = 'suppression';
export const STEP_JOB = 'step';
export const UNREACHABLE_JOB = 'unreachable';
export const AUTO_RESOLVE_JOB = 'auto-resolve';
/**
 * A job that does nothing, queued by the engine probe (GET /health/engine): its completion proves the paging
 * queue's workers took a job after the request arrived.
 */
export const PROBE_JOB = 'probe';

/**
 * A job's tries: each delivery failure the provider calls retryable, and each time the notification was
 * found under way in another worker, backs off and runs again; the decider counts the provider tries
 * (NOTIFICATION_TRIES) and says when a failure is final.
 */
export const PAGE_JOB_OPTIONS: JobOptions = { attempts: 8, backoff: { type: 'exponential', delay: 2000 } };

/**
 * Queues a paging job `delayMs` from now (a past due time: at once); the same `jobId` queued twice is one job.
 * Each organization's ready jobs take turns with the others': one tenant's burst does not delay another's pages.
 */
export const queuePagingJob = <Data extends { orgId: string }>(
  jobs: JobQueue,
  name: string,
  data: Data,
  jobId: string,
  delayMs = 0,
) => jobs.add(PAGING_QUEUE, name, data, { ...PAGE_JOB_OPTIONS, jobId, delay: Math.max(0, delayMs), group: data.orgId });

/** Beyond the adapters' own timeout (CHANNEL_TIMEOUT_MS), a try that has not answered counts as a retryable failure. */
export const deliveryTimeoutMs = (config: { CHANNEL_TIMEOUT_MS: number }) => config.CHANNEL_TIMEOUT_MS + 2000;

/** A try without an outcome older than this was abandoned (a crash): it may be tried again. */
export const inFlightWindowMs = (config: { CHANNEL_TIMEOUT_MS: number }) => deliveryTimeoutMs(config) + 3000;
