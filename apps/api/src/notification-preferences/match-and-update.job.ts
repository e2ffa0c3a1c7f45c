import { Inject, Injectable } from '@nestjs/common';
import {
  SocketEvents,
  type MatchAndUpdateFinishedNotice,
  type MatchAndUpdateProgressNotice,
  type MatchAndUpdateResult,
} from '@tocsin/contracts';
import { planMatchAndUpdate, summarizeMatch } from '@tocsin/domain';
import type { JobContext } from '@tocsin/platform';
import { RealtimePush } from '../realtime/realtime-push';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { JobProcessor, type JobOutcome, type JobProcessorInstance } from '../worker/job-processor';
import { availableDestinations } from './destinations';
import { USER_MATCH_QUEUE, type UserMatchJobData } from './match-and-update.queue';
import { MatchAndUpdateRunner } from './match-and-update.runner';

/**
 * 'Match & update all' for the user who asked (SPEC.md section 4): plan from the current policy,
 * settings and destinations, then run the updates and creates one by one and report.
 */
@Injectable()
@JobProcessor({ queue: USER_MATCH_QUEUE, concurrency: 4 })
export class UserMatchProcessor implements JobProcessorInstance<UserMatchJobData, MatchAndUpdateResult> {
  constructor(
    private readonly runner: MatchAndUpdateRunner,
    private readonly push: RealtimePush,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async process(job: JobContext<UserMatchJobData>): Promise<MatchAndUpdateResult> {
    const { orgId, userId, after } = job.data;
    await this.runner.seen(after);
    const [policy, settings, destinations] = await Promise.all([
      this.runner.policy(orgId),
      this.runner.settingsByUser(orgId, userId),
      availableDestinations(this.readStore, userId),
    ]);
    const plan = planMatchAndUpdate(policy, settings.get(userId) ?? [], destinations);
    const total = plan.operations.length;
    const report = async (done: number) => {
      await job.updateProgress({ done, total });
      this.push.toUser(userId, SocketEvents.matchAndUpdateProgress, {
        id: job.id,
        scope: 'user',
        done,
        total,
      } satisfies MatchAndUpdateProgressNotice);
    };
    await report(0);
    const run = await this.runner.execute(
      plan,
      { orgId, userId, actorId: userId, jobId: job.id, destinations },
      report,
    );
    await this.runner.settle(run.position);
    const { updated, created } = summarizeMatch(plan, run.succeeded);
    const unsatisfiable = plan.unsatisfiable.map(({ itemId, reason }) => ({
      notification_policy_item_id: itemId,
      reason,
    }));
    return { updated, created, failed: run.failed, unsatisfiable };
  }

  finished(job: { id: string; data: UserMatchJobData }, outcome: JobOutcome): void {
    const result = outcome.status === 'completed' ? (outcome.result as MatchAndUpdateResult) : null;
    const notice: MatchAndUpdateFinishedNotice = { id: job.id, scope: 'user', status: outcome.status, result };
    this.push.toUser(job.data.userId, SocketEvents.matchAndUpdateFinished, notice);
  }
}
