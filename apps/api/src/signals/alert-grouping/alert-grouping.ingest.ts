import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import {
  firstMatchSteps,
  groupingOf,
  groupKeyOf,
  groupStreamFor,
  patternsOf,
  type AlertActor,
  type AlertGrouping,
  type GroupingRule,
  type RoutableAlert,
} from '@tocsin/domain';
import { groupingRulesView, groupingRuleOf } from '@tocsin/read-models';
import { alertGroupsCommand, deciders } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { featureFlagsOf } from '../../organization-admin/organization-feature-flags';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import { deterministicId } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';
import { StreamFolds } from './stream-folds';

/** One alert about to open a new episode, as ingest knows it once routing chose its team. */
export interface GroupableAlert {
  teamId: string;
  alert: RoutableAlert;
  alertId: string;
  alertStream: string;
  at: string;
  /** `{payloadId}/{index}`: the new group's id and the command's are made from it. */
  seed: string;
  context: RequestContext;
}

/** The alert's place in a group, and who acknowledged the group if it was (the alert is then acknowledged too). */
export interface GroupPlace {
  grouping: AlertGrouping;
  acknowledgedBy: AlertActor | null;
}

export type Grouper = (alert: GroupableAlert) => Promise<GroupPlace | null>;

const isOpen = (status: string) => status === 'triggered' || status === 'acknowledged';

/**
 * Alert grouping at trigger (issue 20): after routing chose the team, the team's first grouping rule whose
 * conditions hold names the alert's group key; the alert is decided on that key's stream first (one after the
 * other, so of a burst exactly one opens the group), then triggered with its place, which the alert's events,
 * its timeline and the ingest log record. An alert already open is left alone: its payload is a repeat.
 */
@Injectable()
export class AlertGroupingIngest {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly commands: Commands,
    private readonly folds: StreamFolds,
  ) {}

  /** A grouper for one payload: each team's rules (and the organization's flag) read once, however many alerts. */
  grouperFor(orgId: string): Grouper {
    let enabled: Promise<boolean> | null = null;
    const rules = new Map<string, Promise<GroupingRule[]>>();
    const rulesOf = (teamId: string) => {
      let found = rules.get(teamId);
      if (!found) {
        found = groupingRulesView.ofTeam(this.store, orgId, teamId).then((docs) => docs.map(groupingRuleOf));
        rules.set(teamId, found);
      }
      return found;
    };
    const patterns = patternsOf(orgId);
    return async (input) => {
      const teamRules = await rulesOf(input.teamId);
      if (teamRules.length === 0) return null;
      enabled ??= featureFlagsOf(this.store, orgId).then((flags) => flags.alertGrouping);
      if (!(await enabled)) return null;
      const steps = firstMatchSteps(teamRules, input.alert, patterns);
      let step = steps.next();
      for (; !step.done; step = steps.next()) await nextTurn();
      const rule = step.value;
      return rule ? this.place(orgId, rule, input) : null;
    };
  }

  private async place(orgId: string, rule: GroupingRule, input: GroupableAlert): Promise<GroupPlace | null> {
    const { alertId, alertStream, at, seed, context } = input;
    // a repeat of an open alert keeps its episode (and its group): its trigger is a duplicate
    const alert = await this.folds.state(alertStream, deciders.alert);
    if (isOpen(alert.status)) return null;
    const key = groupKeyOf(rule, input.alert);
    const stream = groupStreamFor(rule, key);
    const before = await this.folds.state(stream, deciders.alertGroups);
    const leader = before.current;
    let closedLeader: string | undefined;
    if (leader && leader.leaderId !== alertId && leader.status !== 'resolved') {
      // the group's pager resolved on its own (its episode, or a later one): the group pages no one any more.
      // An earlier episode is still its trigger under way: the group is as good as open.
      const { episode, status } = await this.folds.state(leader.leaderStream, deciders.alert);
      const pagerEpisode = leader.leaderEpisode;
      if (episode > pagerEpisode || (episode === pagerEpisode && status === 'resolved')) closedLeader = leader.leaderId;
    }
    const command = {
      type: 'GroupAlert' as const,
      orgId,
      teamId: rule.teamId,
      ruleId: rule.id,
      window: rule.window,
      key,
      groupId: deterministicId(`${seed}/alert-group`),
      alertId,
      alertStream,
      alertEpisode: alert.episode + 1,
      summary: input.alert.summary,
      at,
      ...(closedLeader && { closedLeader }),
    };
    const commandId = deterministicId(`${seed}/group`);
    await this.commands.run(alertGroupsCommand(stream, command, { ...context, commandId }));
    const after = await this.folds.state(stream, deciders.alertGroups);
    const grouping = groupingOf(after, alertId);
    if (!grouping) return null;
    const acknowledgedBy = after.current?.status === 'acknowledged' ? after.current.acknowledgedBy : null;
    return { grouping: { ...grouping, ruleId: rule.id }, acknowledgedBy };
  }
}
