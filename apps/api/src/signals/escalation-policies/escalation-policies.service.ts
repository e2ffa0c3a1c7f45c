import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { EscalationPolicy, EscalationPolicyStepBody } from '@tocsin/contracts';
import {
  durationMinutes,
  formatDuration,
  POLICY_STEPS_MAX,
  STEP_TARGETS_MAX,
  targetKey,
  type EscalationPolicyCommand,
  type EscalationStep,
} from '@tocsin/domain';
import {
  alertRulesView,
  escalationPoliciesView,
  eventSourcesView,
  heartbeatsView,
  membershipsView,
  onCallSchedulesView,
  teamsView,
  usersView,
  type EscalationPolicyDoc,
  type EventSourceDoc,
} from '@tocsin/read-models';
import { escalationPolicyCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import type { DistributiveOmit } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';

const notFound = (message: string) => new NotFoundException({ error: 'not_found', message });

/** The wire's steps (`timeout` as ISO-8601 text, checked by the DTO) as the domain keeps them, in minutes. */
export function stepsFromBody(steps: EscalationPolicyStepBody[]): EscalationStep[] {
  return steps.map((step) => ({ timeoutMinutes: durationMinutes(step.timeout)!, targets: step.targets }));
}

/** The wire's `ack_reminder` (ISO-8601, checked by the DTO) in minutes; null stays null, left out stays left out. */
export function reminderMinutes(reminder: string | null | undefined): number | null | undefined {
  return reminder === undefined || reminder === null ? reminder : durationMinutes(reminder)!;
}

/** Escalation policies of a team: the team in the path must be the caller's organization's, or nothing is found. */
@Injectable()
export class EscalationPoliciesService {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async assertTeam(orgId: string, teamId: string): Promise<void> {
    if (!(await teamsView.byId(this.store, orgId, teamId))) throw notFound('Team not found');
  }

  async list(orgId: string, teamId: string): Promise<EscalationPolicy[]> {
    await this.assertTeam(orgId, teamId);
    return this.present(orgId, await escalationPoliciesView.ofTeam(this.store, orgId, teamId));
  }

  async find(orgId: string, teamId: string, policyId: string): Promise<EscalationPolicy> {
    await this.assertTeam(orgId, teamId);
    const doc = await escalationPoliciesView.find(this.store, orgId, policyId);
    if (!doc || doc.teamId !== teamId) throw notFound('Escalation policy not found');
    return (await this.present(orgId, [doc]))[0];
  }

  /** Which of the targets the steps name exist in the organization (`user:{id}`, `team:{id}`, `schedule:{id}`). */
  async knownTargets(orgId: string, steps: unknown): Promise<string[]> {
    if (!Array.isArray(steps) || steps.length > POLICY_STEPS_MAX) return [];
    const targets = steps.flatMap((step: { targets?: unknown }) =>
      Array.isArray(step?.targets) ? step.targets.slice(0, STEP_TARGETS_MAX) : [],
    ) as Array<{ type?: unknown; id?: unknown }>;
    const wellFormed = targets.filter(
      (t): t is { type: 'user' | 'team' | 'schedule'; id: string } =>
        typeof t === 'object' &&
        t !== null &&
        (t.type === 'user' || t.type === 'team' || t.type === 'schedule') &&
        typeof t.id === 'string',
    );
    const known = await Promise.all(
      [...new Map(wellFormed.map((t) => [targetKey(t), t])).values()].map(async (t) => {
        const found =
          t.type === 'user'
            ? await membershipsView.of(this.store, orgId, t.id)
            : t.type === 'schedule'
              ? await onCallSchedulesView.find(this.store, orgId, t.id)
              : await teamsView.byId(this.store, orgId, t.id);
        return found ? targetKey(t) : null;
      }),
    );
    return known.filter((key): key is string => key !== null);
  }

  /** What routes to the policy (the team's rules, sources and heartbeats defaulting to it): deleting it under them is refused. */
  async usedBy(orgId: string, teamId: string, policyId: string): Promise<string[]> {
    const rules = await alertRulesView.ofTeam(this.store, orgId, teamId);
    const sources = await this.store.find<EventSourceDoc>(eventSourcesView.collection, {
      orgId,
      escalationPolicyId: policyId,
    });
    return [
      ...rules
        .filter((rule) => rule.action.type === 'route' && rule.action.escalationPolicyId === policyId)
        .map((rule) => `alert rule "${rule.name}"`),
      ...sources.map((source) => `event source "${source.name}"`),
      ...(await heartbeatsView.defaultingToPolicy(this.store, orgId, policyId)).map(
        (heartbeat) => `heartbeat "${heartbeat.name}"`,
      ),
    ];
  }

  async run(command: DistributiveOmit<EscalationPolicyCommand, 'orgId'>, context: RequestContext): Promise<void> {
    await this.commands.run(escalationPolicyCommand(command, context), escalationPoliciesView.name);
  }

  private async present(orgId: string, docs: EscalationPolicyDoc[]): Promise<EscalationPolicy[]> {
    const targets = docs.flatMap((doc) => doc.steps.flatMap((step) => step.targets));
    const userIds = [...new Set(targets.filter((t) => t.type === 'user').map((t) => t.id))];
    const teamIds = [...new Set(targets.filter((t) => t.type === 'team').map((t) => t.id))];
    const scheduleIds = [...new Set(targets.filter((t) => t.type === 'schedule').map((t) => t.id))];
    // only members are named: someone removed from the organization is shown as removed (they page nobody)
    const members = await membershipsView.find(this.store, { orgId, userId: { $in: userIds } });
    const users = await usersView.byIds(
      this.store,
      members.map((m) => m.userId),
    );
    const teams = await Promise.all(teamIds.map((id) => teamsView.byId(this.store, orgId, id)));
    const schedules = await onCallSchedulesView.byIds(this.store, orgId, scheduleIds);
    const names = new Map<string, string>([
      ...users.map((u) => [`user:${u._id}`, u.name] as [string, string]),
      ...teams.flatMap((t) => (t ? [[`team:${t._id}`, t.name] as [string, string]] : [])),
      ...schedules.map((d) => [`schedule:${d._id}`, d.name] as [string, string]),
    ]);
    const removed = new Set(userIds.filter((id) => !members.some((m) => m.userId === id)));
    return docs.map((doc) => ({
      id: doc._id,
      team_id: doc.teamId,
      name: doc.name,
      steps: doc.steps.map((step) => ({
        timeout: formatDuration(step.timeoutMinutes * 60),
        targets: step.targets.map((t) => {
          const name = names.get(targetKey(t));
          if (t.type === 'user' && removed.has(t.id)) return { type: t.type, id: t.id, removed: true };
          return name === undefined ? { type: t.type, id: t.id } : { type: t.type, id: t.id, name };
        }),
      })),
      repeat: doc.repeat,
      ack_reminder: doc.ackReminderMinutes === null ? null : formatDuration(doc.ackReminderMinutes * 60),
      revision: doc.revision,
      created_at: doc.created_at,
      updated_at: doc.updated_at,
    }));
  }
}
