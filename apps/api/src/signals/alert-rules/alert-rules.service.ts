import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AlertRulePreviewAlert, AlertRuleResource } from '@tocsin/contracts';
import { ALERT_RULE_PREVIEW_DEFAULT, ALERT_RULE_PREVIEW_MAX } from '@tocsin/contracts';
import {
  conditionErrors,
  conditionHolds,
  DomainError,
  FIELD_MESSAGES,
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
import { recentAlerts, type RecentAlert } from './recent-alerts';

/** Pattern runs one preview may make (conditions x alerts): each is bounded, so this bounds the request. */
export const PREVIEW_PATTERN_RUNS = 500;
const previewSize = (patterns: number) => (patterns === 0 ? Infinity : Math.floor(PREVIEW_PATTERN_RUNS / patterns));

const notFound = (message: string) => new NotFoundException({ error: 'not_found', message });

/** The wire's action (`escalation_policy_id`) as the domain names it; anything malformed is left for the decider to name. */
export function actionFromBody(action: unknown): RuleAction {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) return action as RuleAction;
  const { type, escalation_policy_id, priority } = action as Record<string, unknown>;
  if (type !== 'route') return { type } as RuleAction;
  return {
    type: 'route',
    escalationPolicyId: escalation_policy_id,
    ...(priority === undefined || priority === null ? {} : { priority }),
  } as RuleAction;
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
    conditions: unknown,
    limit: unknown,
  ): Promise<{ checked: number; matched: AlertRulePreviewAlert[] }> {
    await this.assertTeam(orgId, teamId);
    const errors: Record<string, string[]> =
      conditions === undefined || conditions === null
        ? { conditions: [FIELD_MESSAGES.required('conditions')] }
        : conditionErrors(conditions);
    const count = limit === undefined || limit === null ? ALERT_RULE_PREVIEW_DEFAULT : limit;
    if (typeof count !== 'number' || !Number.isInteger(count)) errors.limit = [FIELD_MESSAGES.wholeNumber('limit')];
    else if (count < 1) errors.limit = [FIELD_MESSAGES.atLeast('limit', 1)];
    else if (count > ALERT_RULE_PREVIEW_MAX) errors.limit = [FIELD_MESSAGES.atMost('limit', ALERT_RULE_PREVIEW_MAX)];
    if (Object.keys(errors).length > 0) throw new DomainError(Object.values(errors)[0][0], 'invalid', errors);
    const rule = conditions as RuleCondition[];
    const runs = rule.filter((condition) => condition.operator === 'matches').length;
    const alerts = await recentAlerts(this.store, orgId, teamId, Math.min(count as number, previewSize(runs)));
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
