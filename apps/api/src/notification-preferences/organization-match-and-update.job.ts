import { Inject, Injectable } from '@nestjs/common';
import {
  SocketEvents,
  type MatchAndUpdateFinishedNotice,
  type MatchAndUpdateProgressNotice,
  type NonCompliantUser,
  type OrganizationMatchAndUpdateResult,
} from '@tocsin/contracts';
import {
  meetsPolicy,
  planMatchAndUpdate,
  POLICY_COVERED_ROLES,
  settingsAfterMatch,
  summarizeMatch,
  type CompliancePolicyItem,
  type NotificationSetting,
} from '@tocsin/domain';
import type { JobContext } from '@tocsin/platform';
import { membershipsView, usersView, type UserDoc } from '@tocsin/read-models';
import { RealtimePush } from '../realtime/realtime-push';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { JobProcessor, type JobOutcome, type JobProcessorInstance } from '../worker/job-processor';
import { availableDestinationsOf } from './destinations';
import { ORGANIZATION_MATCH_QUEUE, type OrganizationMatchJobData } from './match-and-update.queue';
import { MatchAndUpdateRunner, type MatchTarget } from './match-and-update.runner';

/** Users whose names and destinations are read together. */
const CHUNK = 500;
/**
 * Users matched at the same time. Each user's operations still go one by one, but a few users side by
 * side let their appends share the log's commits (one fsync each on SQLite) and overlap round trips.
 */
const USERS_AT_ONCE = 16;

type UserOutcome =
  | { compliantBefore: true }
  | {
      compliantBefore: false;
      updated: number;
      created: number;
      position: number | null;
      stillNot: NonCompliantUser | null;
    };

/**
 * 'Match & update all' for everyone the policy covers, every member and owner of an organization
 * (libs/domain coverage.ts: viewers and collaborators cannot edit preferences, so the policy is not applied
 * to theirs, and their own compliance says so too). Users already compliant are left
 * alone; the report names everyone still not compliant, and why.
 */
@Injectable()
@JobProcessor({ queue: ORGANIZATION_MATCH_QUEUE })
export class OrganizationMatchProcessor implements JobProcessorInstance<
  OrganizationMatchJobData,
  OrganizationMatchAndUpdateResult
> {
  constructor(
    private readonly runner: MatchAndUpdateRunner,
    private readonly push: RealtimePush,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async process(job: JobContext<OrganizationMatchJobData>): Promise<OrganizationMatchAndUpdateResult> {
    const { orgId, requestedBy, after } = job.data;
    await this.runner.seen(after);
    const store = this.readStore;
    const [members, policy, settings] = await Promise.all([
      membershipsView.withRoles(store, orgId, POLICY_COVERED_ROLES),
      this.runner.policy(orgId),
      this.runner.settingsByUser(orgId),
    ]);
    const total = members.length;
    // about a hundred progress reports however large the organization; pushed before stored, so in order
    const every = Math.max(1, Math.floor(total / 100));
    let done = 0;
    const report = async (count: number) => {
      this.push.toUser(requestedBy, SocketEvents.matchAndUpdateProgress, {
        id: job.id,
        scope: 'organization',
        done: count,
        total,
      } satisfies MatchAndUpdateProgressNotice);
      await job.updateProgress({ done: count, total });
    };
    await report(0);
    const outcomes: UserOutcome[] = [];
    for (let start = 0; start < total; start += CHUNK) {
      const ids = members.slice(start, start + CHUNK).map((member) => member.userId);
      const [destinations, users] = await Promise.all([
        availableDestinationsOf(store, ids),
        usersView.byIds(store, ids),
      ]);
      const userById = new Map(users.map((user) => [user._id, user]));
      let next = 0;
      const matchNext = async () => {
        while (next < ids.length) {
          const index = next++;
          const userId = ids[index];
          const target = {
            orgId,
            userId,
            actorId: requestedBy,
            jobId: job.id,
            destinations: destinations.get(userId) ?? [],
          };
          outcomes[start + index] = await this.matchOne(
            policy,
            settings.get(userId) ?? [],
            target,
            userById.get(userId),
          );
          done++;
          if (done % every === 0 || done === total) await report(done);
        }
      };
      await Promise.all(Array.from({ length: Math.min(USERS_AT_ONCE, ids.length) }, matchNext));
    }
    const positions = outcomes.flatMap((outcome) =>
      outcome.compliantBefore || outcome.position === null ? [] : [outcome.position],
    );
    await this.runner.settle(positions.length > 0 ? Math.max(...positions) : null);
    return tally(outcomes);
  }

  private async matchOne(
    policy: CompliancePolicyItem[],
    settings: NotificationSetting[],
    target: MatchTarget,
    user: UserDoc | undefined,
  ): Promise<UserOutcome> {
    if (meetsPolicy(policy, settings)) return { compliantBefore: true };
    const plan = planMatchAndUpdate(policy, settings, target.destinations);
    const run = await this.runner.execute(plan, target);
    const { updated, created } = summarizeMatch(plan, run.succeeded);
    if (meetsPolicy(policy, settingsAfterMatch(settings, plan, run.succeeded)))
      return { compliantBefore: false, updated, created, position: run.position, stillNot: null };
    const reasons = [
      ...new Set([...plan.unsatisfiable.map((entry) => entry.reason), ...run.failed.map((entry) => entry.reason)]),
    ];
    const stillNot = { user_id: target.userId, name: user?.name ?? '', email: user?.email ?? '', reasons };
    return { compliantBefore: false, updated, created, position: run.position, stillNot };
  }

  finished(job: { id: string; data: OrganizationMatchJobData }, outcome: JobOutcome): void {
    const result = outcome.status === 'completed' ? (outcome.result as OrganizationMatchAndUpdateResult) : null;
    const notice: MatchAndUpdateFinishedNotice = { id: job.id, scope: 'organization', status: outcome.status, result };
    this.push.toUser(job.data.requestedBy, SocketEvents.matchAndUpdateFinished, notice);
  }
}

function tally(outcomes: readonly UserOutcome[]): OrganizationMatchAndUpdateResult {
  const result: OrganizationMatchAndUpdateResult = {
    users_total: outcomes.length,
    users_compliant_before: 0,
    users_brought_into_compliance: 0,
    users_not_compliant: [],
    updated: 0,
    created: 0,
  };
  for (const outcome of outcomes) {
    if (outcome.compliantBefore) {
      result.users_compliant_before++;
      continue;
    }
    result.updated += outcome.updated;
    result.created += outcome.created;
    if (outcome.stillNot) result.users_not_compliant.push(outcome.stillNot);
    else result.users_brought_into_compliance++;
  }
  return result;
}
