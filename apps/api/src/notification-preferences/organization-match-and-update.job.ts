import { Inject, Injectable } from '@nestjs/common';
import {
  SocketEvents,
  type MatchAndUpdateFinishedNotice,
  type MatchAndUpdateProgressNotice,
  type OrganizationMatchAndUpdateResult,
} from '@tocsin/contracts';
import { meetsPolicy, planMatchAndUpdate, settingsAfterMatch, summarizeMatch } from '@tocsin/domain';
import type { JobContext } from '@tocsin/platform';
import { membershipsProjection, usersProjection, type MembershipDoc, type UserDoc } from '@tocsin/projector';
import { RealtimePush } from '../realtime/realtime-push';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { JobProcessor, type JobOutcome, type JobProcessorInstance } from '../worker/job-processor';
import { availableDestinationsOf } from './destinations';
import { PREFERENCE_EDITORS } from './editor-role';
import { ORGANIZATION_MATCH_QUEUE, type OrganizationMatchJobData } from './match-and-update.queue';
import { MatchAndUpdateRunner } from './match-and-update.runner';

/** Users whose names and destinations are read together. */
const CHUNK = 500;

/**
 * 'Match & update all' for every member and owner of an organization, one user at a time (viewers
 * and collaborators cannot edit preferences, so the policy is not applied to theirs). Users already
 * compliant are left alone; the report names everyone still not compliant, and why.
 */
@Injectable()
@JobProcessor({ queue: ORGANIZATION_MATCH_QUEUE })
export class OrganizationMatchProcessor implements JobProcessorInstance<OrganizationMatchJobData, OrganizationMatchAndUpdateResult> {
  constructor(
    private readonly runner: MatchAndUpdateRunner,
    private readonly push: RealtimePush,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  async process(job: JobContext<OrganizationMatchJobData>): Promise<OrganizationMatchAndUpdateResult> {
    const { orgId, requestedBy, after } = job.data;
    await this.runner.seen(after);
    const store = this.runtime.infra.readStore;
    const [members, policy, settings] = await Promise.all([
      store.find<MembershipDoc>(membershipsProjection.collection, { orgId, role: { $in: PREFERENCE_EDITORS } }, { sort: { joinedAt: 1, userId: 1 } }),
      this.runner.policy(orgId),
      this.runner.settingsByUser(orgId),
    ]);
    const total = members.length;
    const result: OrganizationMatchAndUpdateResult = {
      users_total: total, users_compliant_before: 0, users_brought_into_compliance: 0, users_not_compliant: [], updated: 0, created: 0,
    };
    // about a hundred progress reports however large the organization
    const every = Math.max(1, Math.floor(total / 100));
    const report = async (done: number) => {
      await job.updateProgress({ done, total });
      this.push.toUser(requestedBy, SocketEvents.matchAndUpdateProgress, { id: job.id, scope: 'organization', done, total } satisfies MatchAndUpdateProgressNotice);
    };
    await report(0);
    let position: number | null = null;
    let done = 0;
    for (let start = 0; start < total; start += CHUNK) {
      const ids = members.slice(start, start + CHUNK).map((member) => member.userId);
      const [destinations, users] = await Promise.all([availableDestinationsOf(store, ids), store.find<UserDoc>(usersProjection.collection, { _id: { $in: ids } })]);
      const userById = new Map(users.map((user) => [user._id, user]));
      for (const userId of ids) {
        const mine = settings.get(userId) ?? [];
        if (meetsPolicy(policy, mine)) {
          result.users_compliant_before++;
        } else {
          const available = destinations.get(userId) ?? [];
          const plan = planMatchAndUpdate(policy, mine, available);
          const run = await this.runner.execute(plan, { orgId, userId, actorId: requestedBy, jobId: job.id, destinations: available });
          const counts = summarizeMatch(plan, run.succeeded);
          result.updated += counts.updated;
          result.created += counts.created;
          position = run.position === null ? position : Math.max(position ?? run.position, run.position);
          if (meetsPolicy(policy, settingsAfterMatch(mine, plan, run.succeeded))) {
            result.users_brought_into_compliance++;
          } else {
            const user = userById.get(userId);
            const reasons = [...new Set([...plan.unsatisfiable.map((entry) => entry.reason), ...run.failed.map((entry) => entry.reason)])];
            result.users_not_compliant.push({ user_id: userId, name: user?.name ?? '', email: user?.email ?? '', reasons });
          }
        }
        done++;
        if (done % every === 0 || done === total) await report(done);
      }
    }
    await this.runner.settle(position);
    return result;
  }

  finished(job: { id: string; data: OrganizationMatchJobData }, outcome: JobOutcome): void {
    const result = outcome.status === 'completed' ? (outcome.result as OrganizationMatchAndUpdateResult) : null;
    const notice: MatchAndUpdateFinishedNotice = { id: job.id, scope: 'organization', status: outcome.status, result };
    this.push.toUser(job.data.requestedBy, SocketEvents.matchAndUpdateFinished, notice);
  }
}
