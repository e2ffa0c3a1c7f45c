import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { EscalationTargetsResponse } from '@tocsin/contracts';
import { DEFAULT_PER_PAGE } from '@tocsin/domain';
import { RequirePermission, TeamScoped } from '../../access/access.decorators';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { EscalationPoliciesService } from './escalation-policies.service';
import { EscalationTargetsQueryDto } from './escalation-targets.dto';
import { EscalationTargetsQueries } from './escalation-targets.queries';

/**
 * The step target picker of a team's policy editor: readable exactly by whoever may change the team's
 * escalation policies (the same permission and team scope as their create and change).
 */
@ApiTags('escalation policies')
@Controller('api/v1/teams/:teamId/escalation_targets')
export class EscalationTargetsController {
  constructor(
    private readonly policies: EscalationPoliciesService,
    private readonly targets: EscalationTargetsQueries,
  ) {}

  @Get()
  @RequirePermission('manage_escalation_policies')
  @TeamScoped({ param: 'teamId', signalsResource: true })
  async list(
    @Param('teamId') teamId: string,
    @Query() query: EscalationTargetsQueryDto,
    @Ctx() context: RequestContext,
  ): Promise<EscalationTargetsResponse> {
    await this.policies.assertTeam(context.orgId, teamId);
    return this.targets.page(context.orgId, {
      query: query.query ?? '',
      page: query.page ?? 1,
      perPage: query.per_page ?? DEFAULT_PER_PAGE,
    });
  }
}
