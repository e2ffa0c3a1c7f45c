import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { GroupingRuleResource } from '@tocsin/contracts';
import type { GroupingRuleCommand } from '@tocsin/domain';
import { groupingRulesView, teamsView, type GroupingRuleDoc } from '@tocsin/read-models';
import { groupingRulesCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { featureFlagsOf } from '../../organization-admin/organization-feature-flags';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import type { DistributiveOmit } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';

const notFound = (message: string) => new NotFoundException({ error: 'not_found', message });

/** Alert grouping's rules: the organization's, each of a team, listed team by team in each team's order. */
@Injectable()
export class AlertGroupingService {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /** Off (flag alertGrouping), the area does not exist for the organization: its calls answer 404. */
  async assertOn(orgId: string): Promise<void> {
    if (!(await featureFlagsOf(this.store, orgId)).alertGrouping)
      throw notFound('Alert grouping is not turned on for this organization');
  }

  async assertTeam(orgId: string, teamId: string): Promise<void> {
    if (!(await teamsView.byId(this.store, orgId, teamId))) throw notFound('Team not found');
  }

  async list(orgId: string, teamId?: string): Promise<GroupingRuleResource[]> {
    const docs = teamId
      ? await groupingRulesView.ofTeam(this.store, orgId, teamId)
      : await groupingRulesView.ofOrg(this.store, orgId);
    return this.present(orgId, docs);
  }

  async doc(orgId: string, ruleId: string): Promise<GroupingRuleDoc> {
    const doc = await groupingRulesView.find(this.store, orgId, ruleId);
    if (!doc) throw notFound('Grouping rule not found');
    return doc;
  }

  async find(orgId: string, ruleId: string): Promise<GroupingRuleResource> {
    return (await this.present(orgId, [await this.doc(orgId, ruleId)]))[0];
  }

  async run(command: DistributiveOmit<GroupingRuleCommand, 'orgId'>, context: RequestContext): Promise<void> {
    await this.commands.run(groupingRulesCommand(command, context), groupingRulesView.name);
  }

  private async present(orgId: string, docs: GroupingRuleDoc[]): Promise<GroupingRuleResource[]> {
    const teamIds = [...new Set(docs.map((doc) => doc.teamId))];
    const teams = await Promise.all(teamIds.map((id) => teamsView.byId(this.store, orgId, id)));
    const names = new Map(teams.flatMap((team) => (team ? [[team._id, team.name] as [string, string]] : [])));
    return docs.map((doc) => ({
      id: doc._id,
      team_id: doc.teamId,
      ...(names.has(doc.teamId) && { team_name: names.get(doc.teamId) }),
      name: doc.name,
      position: doc.position,
      conditions: doc.conditions.map(({ field, operator, value }) =>
        value === undefined ? { field, operator } : { field, operator, value },
      ),
      fields: doc.fields,
      window: doc.window,
      created_at: doc.created_at,
      updated_at: doc.updated_at,
    }));
  }
}
