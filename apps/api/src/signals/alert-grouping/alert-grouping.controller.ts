import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { GroupingRuleResource, GroupingRulesResponse } from '@tocsin/contracts';
import type { ReadStore } from '@tocsin/platform';
import { groupingRulesView, teamsView } from '@tocsin/read-models';
import type { Request } from 'express';
import { RequirePermission, TeamScoped } from '../../access/access.decorators';
import { deterministicId } from '../../shared/event-sourced';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { GroupingRuleChangeDto, GroupingRuleDto, GroupingRulesQueryDto } from './alert-grouping.dto';
import { AlertGroupingService } from './alert-grouping.service';

/** The team a grouping rule change acts on (the rule's, or `team_id` for a new one): a team's signals resource. */
async function ruleTeams(request: Request, store: ReadStore, orgId: string): Promise<string[]> {
  const ruleId = request.params.id;
  const teamId =
    typeof ruleId === 'string'
      ? (await groupingRulesView.find(store, orgId, ruleId))?.teamId
      : (request.body as { team_id?: unknown } | undefined)?.team_id;
  if (typeof teamId !== 'string') return [];
  return (await teamsView.byId(store, orgId, teamId)) ? [teamId] : [];
}

type One = { data: GroupingRuleResource };

/**
 * Alert grouping rules (`/signals/alert_grouping`, flag alertGrouping): listed for the whole organization, each
 * belonging to a team and ordered within it (the first that matches an alert of the team decides its group).
 * Reading needs read_alert_grouping, changing manage_alert_grouping (the team's, where the team restricts its
 * signals resources and rbacCandidateControl is on). Another organization's rule or team is not found.
 */
@ApiTags('alert grouping')
@Controller('api/v1/signals/alert_grouping')
export class AlertGroupingController {
  constructor(private readonly rules: AlertGroupingService) {}

  @Get()
  @RequirePermission('read_alert_grouping')
  async list(@Query() query: GroupingRulesQueryDto, @Ctx() context: RequestContext): Promise<GroupingRulesResponse> {
    await this.rules.assertOn(context.orgId);
    return { data: await this.rules.list(context.orgId, query.team_id) };
  }

  @Get(':id')
  @RequirePermission('read_alert_grouping')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<One> {
    await this.rules.assertOn(context.orgId);
    return { data: await this.rules.find(context.orgId, id) };
  }

  @Post()
  @RequirePermission('manage_alert_grouping')
  @TeamScoped({ signalsResource: true, teamsOf: ruleTeams })
  async create(@Body() body: GroupingRuleDto, @Ctx() context: RequestContext): Promise<One> {
    await this.rules.assertOn(context.orgId);
    await this.rules.assertTeam(context.orgId, body.team_id);
    const ruleId = deterministicId(`${context.commandId}/grouping-rule`);
    const { team_id: teamId, name, conditions, fields, window, position } = body;
    await this.rules.run(
      { type: 'CreateGroupingRule', teamId, ruleId, name, conditions: conditions ?? [], fields, window, position },
      context,
    );
    return { data: await this.rules.find(context.orgId, ruleId) };
  }

  @Patch(':id')
  @RequirePermission('manage_alert_grouping')
  @TeamScoped({ signalsResource: true, teamsOf: ruleTeams })
  async change(
    @Param('id') id: string,
    @Body() body: GroupingRuleChangeDto,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    await this.rules.assertOn(context.orgId);
    const { teamId } = await this.rules.doc(context.orgId, id);
    const { name, conditions, fields, window, position } = body;
    await this.rules.run(
      { type: 'ChangeGroupingRule', teamId, ruleId: id, name, conditions, fields, window, position },
      context,
    );
    return { data: await this.rules.find(context.orgId, id) };
  }

  @Delete(':id')
  @RequirePermission('manage_alert_grouping')
  @TeamScoped({ signalsResource: true, teamsOf: ruleTeams })
  @HttpCode(204)
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.rules.assertOn(context.orgId);
    const { teamId } = await this.rules.doc(context.orgId, id);
    await this.rules.run({ type: 'DeleteGroupingRule', teamId, ruleId: id }, context);
  }
}
