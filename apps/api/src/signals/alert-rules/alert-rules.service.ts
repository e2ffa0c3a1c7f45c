import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AlertRulePreviewAlert, AlertRuleResource } from '@tocsin/contracts';
import { ALERT_RULE_PREVIEW_DEFAULT } from '@tocsin/contracts';
import {
  conditionErrors,
  conditionHolds,
  DomainError,
  patternsOf,
  type AlertRuleCommand,
  type RuleAction,
  type RuleCondition,
} from '@tocsin/domain';
import { alertRulesView, escalationPoliciesView, teamsView, type AlertRuleDoc } from '@tocsin/read-models';
import { alertRulesCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import type { DistributiveOmit } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';
import type { AlertRuleActionDto } from './alert-rules.dto';
import { recentAlerts, type RecentAlert } from './recent-alerts';

/** Pattern runs one preview may make (conditions x alerts): each is bounded, so this bounds the request. */
export const PREVIEW_PATTERN_RUNS = 500;
const previewSize = (patterns: number) => (patterns === 0 ? Infinity : Math.floor(PREVIEW_PATTERN_RUNS / patterns));

const notFound = (message: string) => new NotFoundException({ error: 'not_found', message });

/** The wire's action (`escalation_policy_id`) as the domain names it. */
export function actionFromBody({ type, escalation_policy_id, priority }: AlertRuleActionDto): RuleAction {
  if (type === 'drop') return { type };
  return { type, escalationPolicyId: escalation_policy_id!, ...(priority ? { priority } : {}) };
}

@Injectable()
export class AlertRulesService {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async assertTeam(orgId: string, teamId: string): Promise<void> {
    if (!(await teamsView.byId(this.store, orgId, teamId))) throw notFound('Team not found');
  }

  async list(orgId: string, teamId: string): Promise<AlertRuleResource[]> {
    await this.assertTeam(orgId, teamId);
    return this.present(orgId, await alertRulesView.ofTeam(this.store, orgId, teamId));
  }

  async find(orgId: string, teamId: string, ruleId: string): Promise<AlertRuleResource> {
    await this.assertTeam(orgId, teamId);
    const doc = await alertRulesView.find(this.store, orgId, ruleId);
    if (!doc || doc.teamId !== teamId) throw notFound('Alert rule not found');
    return (await this.present(orgId, [doc]))[0];
  }

  /** The ids of the team's escalation policies: a rule may route only to one of them. */
  async teamPolicies(orgId: string, teamId: string): Promise<string[]> {
    return (await escalationPoliciesView.ofTeam(this.store, orgId, teamId)).map((doc) => doc._id);
  }

  async run(command: DistributiveOmit<AlertRuleCommand, 'orgId'>, context: RequestContext): Promise<void> {
    await this.commands.run(alertRulesCommand(command, context), alertRulesView.name);
  }

  /**
   * Which of the team's last `limit` alerts all of `conditions` hold for, newest first. The patterns run at most
   * PREVIEW_PATTERN_RUNS times in all: with many `matches` conditions fewer alerts are looked at (`checked` says
   * how many), and the process takes up other work between alerts.
   */
  async preview(
    orgId: string,
    teamId: string,
    rule: RuleCondition[],
    limit = ALERT_RULE_PREVIEW_DEFAULT,
  ): Promise<{ checked: number; matched: AlertRulePreviewAlert[] }> {
    await this.assertTeam(orgId, teamId);
    // the conditions' own rules, as the decider applies them to a rule (the request's shape is the DTO's)
    const errors = conditionErrors(rule);
    if (Object.keys(errors).length > 0) throw new DomainError(Object.values(errors)[0][0], 'invalid', errors);
    const runs = rule.filter((condition) => condition.operator === 'matches').length;
    const alerts = await recentAlerts(this.store, orgId, teamId, Math.min(limit, previewSize(runs)));
    const patterns = patternsOf(orgId);
    const matched: RecentAlert[] = [];
    for (const alert of alerts) {
      const routable = {
        sourceId: alert.sourceId,
        summary: alert.summary ?? '',
        priority: alert.priority,
        labels: alert.labels ?? {},
      };
      if (rule.every((condition) => conditionHolds(condition, routable, patterns))) matched.push(alert);
      if (runs > 0) await nextTurn();
    }
    return {
      checked: alerts.length,
      matched: matched.map((alert) => ({
        id: alert._id,
        source_id: alert.sourceId,
        team_id: alert.teamId ?? null,
        summary: alert.summary,
        priority: alert.priority,
        labels: alert.labels ?? {},
        triggered_at: alert.triggered_at,
      })),
    };
  }

  private async present(orgId: string, docs: AlertRuleDoc[]): Promise<AlertRuleResource[]> {
    const policyIds = [
      ...new Set(docs.flatMap((doc) => (doc.action.type === 'route' ? [doc.action.escalationPolicyId] : []))),
    ];
    const policies = await Promise.all(policyIds.map((id) => escalationPoliciesView.find(this.store, orgId, id)));
    const names = new Map(policies.flatMap((p) => (p ? [[p._id, p.name] as [string, string]] : [])));
    return docs.map((doc) => ({
      id: doc._id,
      team_id: doc.teamId,
      name: doc.name,
      position: doc.position,
      conditions: doc.conditions.map(({ field, operator, value }) =>
        value === undefined ? { field, operator } : { field, operator, value },
      ),
      action:
        doc.action.type === 'drop'
          ? { type: 'drop' }
          : {
              type: 'route',
              escalation_policy_id: doc.action.escalationPolicyId,
              priority: doc.action.priority ?? null,
              ...(names.has(doc.action.escalationPolicyId)
                ? { escalation_policy_name: names.get(doc.action.escalationPolicyId) }
                : {}),
            },
      created_at: doc.created_at,
      updated_at: doc.updated_at,
    }));
  }
}
