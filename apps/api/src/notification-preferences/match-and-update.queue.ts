import type { MatchAndUpdateJob, MatchAndUpdateProgress, MatchAndUpdateStatus } from '@tocsin/contracts';
import { MATCH_AND_UPDATE_FAILED } from '@tocsin/domain';
import type { JobInfo, JobOptions, JobState } from '@tocsin/platform';

/** Personal runs are short and many users may start one at once; an organization-wide run goes alone. */
export const USER_MATCH_QUEUE = 'match-and-update';
export const ORGANIZATION_MATCH_QUEUE = 'organization-match-and-update';

interface MatchJobData {
  orgId: string;
  /**
   * The end of the log when the run was asked for: the job reads views at least this far, so it sees
   * what the requester saw even in a worker whose views trail the api's.
   */
  after: number | null;
}

export interface UserMatchJobData extends MatchJobData {
  /** Who started it, and whose preferences it changes. */
  userId: string;
}

export interface OrganizationMatchJobData extends MatchJobData {
  requestedBy: string;
}

/** A try that dies (a worker restart, a lost connection) is retried; command ids keep a retry from repeating a change. */
export const MATCH_JOB_OPTIONS: JobOptions = { attempts: 3, backoff: { type: 'exponential', delay: 1000 } };

const STATUS: Record<JobState, MatchAndUpdateStatus> = {
  waiting: 'queued',
  delayed: 'queued',
  active: 'running',
  completed: 'completed',
  failed: 'failed',
};

function progressOf(progress: JobInfo['progress']): MatchAndUpdateProgress {
  if (typeof progress === 'object' && typeof progress.done === 'number' && typeof progress.total === 'number')
    return { done: progress.done, total: progress.total };
  return { done: 0, total: 0 };
}

/** The job as GET .../match_and_update/{id} answers it; a job waiting for its next try is still running. */
export function presentMatchJob<Result>(job: JobInfo): MatchAndUpdateJob<Result> {
  const status = STATUS[job.state] === 'queued' && job.attemptsMade > 0 ? 'running' : STATUS[job.state];
  return {
    id: job.id,
    status,
    progress: progressOf(job.progress),
    ...(status === 'completed' && { result: job.result as Result }),
    ...(status === 'failed' && { error: MATCH_AND_UPDATE_FAILED }),
  };
}
