import { Inject, Injectable } from '@nestjs/common';
import type { MatchAndUpdateFailure } from '@tocsin/contracts';
import type { CompliancePolicyItem, Destination, MatchOperation, MatchPlan, NotificationSetting } from '@tocsin/domain';
import {
  alternativeEmailsView,
  membershipsView,
  notificationComplianceView as complianceView,
  phonesView,
  notificationSettingsView as settingsView,
  usersView,
} from '@tocsin/read-models';
import { notificationSettingsCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../runtime/ports';
import { deterministicId } from '../shared/event-sourced';
import { ProjectionProgress } from '../shared/projection-progress';
import type { RequestContext } from '../shared/request-context';
import { runOneByOne } from './match-operations';

/** Whose preferences a run changes, on whose behalf, as part of which job. */
export interface MatchTarget {
  orgId: string;
  userId: string;
  actorId: string;
  jobId: string;
  destinations: readonly Destination[];
}

export interface MatchRun {
  succeeded: boolean[];
  failed: MatchAndUpdateFailure[];
  /** The log position of the last change written (null when nothing was). */
  position: number | null;
}

/**
 * What both runs share: the inputs of the plan, read from the same views the settings endpoints read,
 * and the operations, issued as the same commands those endpoints issue. Ids come from the job and
 * the operation, so a retried job finds its earlier changes already made instead of repeating them.
 */
@Injectable()
export class MatchAndUpdateRunner {
  constructor(
    private readonly commands: Commands,
    private readonly progress: ProjectionProgress,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Waits (a few seconds at most) until the views a plan reads include the log up to `position`. */
  async seen(position: number | null): Promise<void> {
    for (const view of [complianceView, settingsView, membershipsView, usersView, phonesView, alternativeEmailsView])
      await this.progress.waitFor(view.name, position);
  }

  async policy(orgId: string): Promise<CompliancePolicyItem[]> {
    const doc = await complianceView.policyOf(this.readStore, orgId);
    return doc?.items ?? [];
  }

  /** The settings in the organization by user: one user's, or everyone's in one read. */
  async settingsByUser(orgId: string, userId?: string): Promise<Map<string, NotificationSetting[]>> {
    const docs = await settingsView.inOrganization(this.readStore, orgId, userId);
    const byUser = new Map<string, NotificationSetting[]>();
    for (const { _id, userId: owner, notification_type, destination, delay, notification_priority } of docs) {
      const settings = byUser.get(owner) ?? [];
      settings.push({ id: _id, notification_type, destination, delay, notification_priority });
      byUser.set(owner, settings);
    }
    return byUser;
  }

  async execute(
    plan: MatchPlan,
    target: MatchTarget,
    onDone?: (done: number) => Promise<void> | void,
  ): Promise<MatchRun> {
    const outcomes = await runOneByOne(
      plan.operations,
      (operation) => this.apply(operation, target),
      this.clock,
      onDone,
    );
    const failed: MatchAndUpdateFailure[] = [];
    let position: number | null = null;
    outcomes.forEach((outcome, index) => {
      const operation = plan.operations[index];
      if (outcome.ok)
        position = outcome.position === null ? position : Math.max(position ?? outcome.position, outcome.position);
      else if (operation.kind === 'update') failed.push({ setting_id: operation.setting.id, reason: outcome.reason });
      else failed.push({ notification_policy_item_id: operation.itemId, reason: outcome.reason });
    });
    return { succeeded: outcomes.map((outcome) => outcome.ok), failed, position };
  }

  /** Read-your-writes for whoever reads after the run: the settings and compliance views include it. */
  async settle(position: number | null): Promise<void> {
    await this.progress.waitFor(settingsView.name, position);
    await this.progress.waitFor(complianceView.name, position);
  }

  private async apply(operation: MatchOperation, target: MatchTarget): Promise<number | null> {
    const seed = `${target.jobId}/${target.userId}`;
    const id =
      operation.kind === 'update' ? operation.setting.id : deterministicId(`${seed}/create/${operation.itemId}`);
    const commandId =
      operation.kind === 'update'
        ? `${seed}/update/${id}/${operation.setting.delay}`
        : `${seed}/create/${operation.itemId}`;
    const context: RequestContext = {
      orgId: target.orgId,
      actorId: target.actorId,
      role: null,
      commandId,
      correlationId: target.jobId,
    };
    const { notification_type, destination, delay, notification_priority } = operation.setting;
    const command = {
      type: 'SaveNotificationSetting' as const,
      id,
      notification_type,
      destination,
      delay,
      notification_priority,
      availableDestinations: target.destinations,
    };
    const outcome = await this.commands.run(notificationSettingsCommand(target.userId, command, context));
    return outcome.position;
  }
}
