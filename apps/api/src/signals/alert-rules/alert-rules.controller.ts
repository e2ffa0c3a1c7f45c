import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AlertRulePreviewResponse, AlertRuleResource, AlertRulesResponse } from '@tocsin/contracts';
import { RequirePermission, TeamScoped } from '../../access/access.decorators';
import { deterministicId } from '../../shared/event-sourced';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { AlertRuleChangeDto, AlertRuleDto, AlertRuleMoveDto, AlertRulePreviewDto } from './alert-rules.dto';
import { actionFromBody, AlertRulesService } from './alert-rules.service';

/**
 * A team's alert rules, in evaluation order (issue 9, "Routing"). Changes need manage_alert_rules; with
 * rbacCandidateControl the combined check decides (a team restricting its signals resources: the team's
 * permission; else the organization's). Another organization's team, rule or policy is not found.
 */
@ApiTags('alert rules')
@Controller('api/v1/teams/:teamId/alert_rules')
export class AlertRulesController {
  constructor(private readonly rules: AlertRulesService) {}

  @Get()
  @RequirePermission('read_teams')
  async list(@Param('teamId') teamId: string, @Ctx() context: RequestContext): Promise<AlertRulesResponse> {
    return { data: await this.rules.list(context.orgId, teamId) };
  }

  /**
   * The editor's live preview of which of the team's recent alerts the conditions match. Part of editing rules,
   * so the permission saving them needs: it runs patterns, work a reader must not be able to ask for.
   */
  @Post('preview')
  @RequirePermission('manage_alert_rules')
  @TeamScoped({ param: 'teamId', signalsResource: true })
  @HttpCode(200)
  async preview(
    @Param('teamId') teamId: string,
    @Body() body: AlertRulePreviewDto,
    @Ctx() context: RequestContext,
  ): Promise<AlertRulePreviewResponse> {
    return { data: await this.rules.preview(context.orgId, teamId, body.conditions, body.limit ?? undefined) };
  }

  @Get(':id')
  @RequirePermission('read_teams')
  async find(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Ctx() context: RequestContext,
  ): Promise<{ data: AlertRuleResource }> {
    return { data: await this.rules.find(context.orgId, teamId, id) };
  }

  @Post()
  @RequirePermission('manage_alert_rules')
  @TeamScoped({ param: 'teamId', signalsResource: true })
  async create(
    @Param('teamId') teamId: string,
    @Body() body: AlertRuleDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: AlertRuleResource }> {
    await this.rules.assertTeam(context.orgId, teamId);
    const ruleId = deterministicId(`${context.commandId}/alert-rule`);
    await this.rules.run(
      {
        type: 'CreateAlertRule',
        teamId,
        ruleId,
        teamPolicies: await this.rules.teamPolicies(context.orgId, teamId),
        name: body.name,
        conditions: body.conditions,
        action: actionFromBody(body.action),
        position: body.position,
      },
      context,
    );
    return { data: await this.rules.find(context.orgId, teamId, ruleId) };
  }

  @Patch(':id')
  @RequirePermission('manage_alert_rules')
  @TeamScoped({ param: 'teamId', signalsResource: true })
  async change(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Body() body: AlertRuleChangeDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: AlertRuleResource }> {
    await this.rules.assertTeam(context.orgId, teamId);
    await this.rules.run(
      {
        type: 'ChangeAlertRule',
        teamId,
        ruleId: id,
        teamPolicies: await this.rules.teamPolicies(context.orgId, teamId),
        name: body.name,
        conditions: body.conditions,
        action: body.action && actionFromBody(body.action),
      },
      context,
    );
    return { data: await this.rules.find(context.orgId, teamId, id) };
  }

  @Post(':id/move')
  @RequirePermission('manage_alert_rules')
  @TeamScoped({ param: 'teamId', signalsResource: true })
  @HttpCode(200)
  async move(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Body() body: AlertRuleMoveDto,
    @Ctx() context: RequestContext,
  ): Promise<AlertRulesResponse> {
    await this.rules.assertTeam(context.orgId, teamId);
    await this.rules.run({ type: 'MoveAlertRule', teamId, ruleId: id, position: body.position }, context);
    return { data: await this.rules.list(context.orgId, teamId) };
  }

  @Delete(':id')
  @RequirePermission('manage_alert_rules')
  @TeamScoped({ param: 'teamId', signalsResource: true })
  @HttpCode(204)
  async remove(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Ctx() context: RequestContext,
  ): Promise<void> {
    await this.rules.assertTeam(context.orgId, teamId);
    await this.rules.run({ type: 'DeleteAlertRule', teamId, ruleId: id }, context);
  }
}
