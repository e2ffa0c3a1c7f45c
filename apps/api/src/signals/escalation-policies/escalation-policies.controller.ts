import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { EscalationPoliciesResponse, EscalationPolicy } from '@tocsin/contracts';
import { RequirePermission, TeamScoped } from '../../access/access.decorators';
import { deterministicId } from '../../shared/event-sourced';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { EscalationPolicyChangeDto, EscalationPolicyDto } from './escalation-policies.dto';
import { EscalationPoliciesService, reminderMinutes, stepsFromBody } from './escalation-policies.service';

/**
 * A team's escalation policies (issue 9). Changes need manage_escalation_policies; with rbacCandidateControl
 * the combined check decides (a team restricting its signals resources: the team's permission; else the
 * organization's). Another organization's team or policy is not found.
 */
@ApiTags('escalation policies')
@Controller('api/v1/teams/:teamId/escalation_policies')
export class EscalationPoliciesController {
  constructor(private readonly policies: EscalationPoliciesService) {}

  @Get()
  @RequirePermission('read_teams')
  async list(@Param('teamId') teamId: string, @Ctx() context: RequestContext): Promise<EscalationPoliciesResponse> {
    return { data: await this.policies.list(context.orgId, teamId) };
  }

  @Get(':id')
  @RequirePermission('read_teams')
  async find(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Ctx() context: RequestContext,
  ): Promise<{ data: EscalationPolicy }> {
    return { data: await this.policies.find(context.orgId, teamId, id) };
  }

  @Post()
  @RequirePermission('manage_escalation_policies')
  @TeamScoped({ param: 'teamId', signalsResource: true })
  async create(
    @Param('teamId') teamId: string,
    @Body() body: EscalationPolicyDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: EscalationPolicy }> {
    await this.policies.assertTeam(context.orgId, teamId);
    const policyId = deterministicId(`${context.commandId}/escalation-policy`);
    await this.policies.run(
      {
        type: 'CreateEscalationPolicy',
        policyId,
        teamId,
        knownTargets: await this.policies.knownTargets(context.orgId, body.steps),
        name: body.name,
        steps: stepsFromBody(body.steps),
        repeat: body.repeat ?? 0,
        ackReminderMinutes: reminderMinutes(body.ack_reminder) ?? null,
      },
      context,
    );
    return { data: await this.policies.find(context.orgId, teamId, policyId) };
  }

  @Patch(':id')
  @RequirePermission('manage_escalation_policies')
  @TeamScoped({ param: 'teamId', signalsResource: true })
  async change(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Body() body: EscalationPolicyChangeDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: EscalationPolicy }> {
    await this.policies.assertTeam(context.orgId, teamId);
    await this.policies.run(
      {
        type: 'ChangeEscalationPolicy',
        policyId: id,
        teamId,
        knownTargets: await this.policies.knownTargets(context.orgId, body.steps),
        name: body.name,
        steps: body.steps === undefined ? undefined : stepsFromBody(body.steps),
        repeat: body.repeat,
        ackReminderMinutes: reminderMinutes(body.ack_reminder),
      },
      context,
    );
    return { data: await this.policies.find(context.orgId, teamId, id) };
  }

  @Delete(':id')
  @RequirePermission('manage_escalation_policies')
  @TeamScoped({ param: 'teamId', signalsResource: true })
  @HttpCode(204)
  async remove(
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Ctx() context: RequestContext,
  ): Promise<void> {
    await this.policies.assertTeam(context.orgId, teamId);
    const usedBy = await this.policies.usedBy(context.orgId, teamId, id);
    await this.policies.run({ type: 'DeleteEscalationPolicy', policyId: id, teamId, usedBy }, context);
  }
}
