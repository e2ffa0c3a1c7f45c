import type { Job, JobState as BullState } from 'bullmq';
import type { JobInfo, JobState } from './job-queue.port';

export type Progress = JobInfo['progress'];

const STATES: Partial<Record<BullState | 'unknown', JobState>> = {
  waiting: 'waiting',
  prioritized: 'waiting',
  'waiting-children': 'waiting',
  delayed: 'delayed',
  active: 'active',
  completed: 'completed',
  failed: 'failed',
};

/** Undefined for a job BullMQ no longer knows. */
export function toJobState(state: BullState | 'unknown'): JobState | undefined {
  return STATES[state];
}

/** `id` is the caller's id, which BullMQ holds escaped. */
export function toJobInfo(id: string, job: Job, bullState: BullState | 'unknown'): JobInfo | null {
  const state = toJobState(bullState);
  if (!state) return null;
  return {
    id,
    queue: job.queueName,
    name: job.name,
    data: job.data,
    state,
    progress: job.progress as Progress,
    attemptsMade: job.attemptsMade,
    ...(state === 'completed' ? { result: job.returnvalue ?? null } : {}),
    ...(job.failedReason ? { failedReason: job.failedReason } : {}),
  };
}
