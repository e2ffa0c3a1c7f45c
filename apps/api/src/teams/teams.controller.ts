import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Team, TeamsResponse, TeamSummary } from '@tocsin/contracts';
import { RequirePermission, TeamScoped } from '../access/access.decorators';
import { deterministicId } from '../shared/event-sourced';
import { Ctx, type RequestContext } from '../shared/request-context';
import { TeamCommands } from './team.commands';
import { ChangeTeamDto, CreateTeamDto, TeamsQueryDto } from './teams.dto';
import { DEFAULT_PER_PAGE, TeamsQueries } from './teams.queries';

const TEAMS = 'api/v1/teams';

/**
 * The organization's teams (SPEC.md section 7). The spec writes the change of a team at `/teams/{id}`, an
 * absolute path (ARCHITECTURE.md, "API surface": absolute paths stay as written): it answers there and at
 * `/api/v1/teams/{id}` beside the other team calls, one handler with the same session, CSRF and checks.
 */
@ApiTags('teams')
@Controller()
export class TeamsController {
  constructor(
    private readonly commands: TeamCommands,
    private readonly queries: TeamsQueries,
  ) {}

  @Get(TEAMS)
  @RequirePermission('read_teams')
  list(@Query() query: TeamsQueryDto, @Ctx() context: RequestContext): Promise<TeamsResponse<Team | TeamSummary>> {
    return this.queries.list({
      orgId: context.orgId,
      memberId: query.my_teams ? (context.actorId ?? '') : undefined,
      lite: query.lite ?? false,
      page: query.page ?? 1,
      perPage: query.per_page ?? DEFAULT_PER_PAGE,
    });
  }

  @Get(`${TEAMS}/:id`)
  @RequirePermission('read_teams')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<{ data: Team }> {
    return { data: await this.queries.find(context.orgId, id) };
  }

  @Post(TEAMS)
  @RequirePermission('manage_teams')
  async create(@Body() body: CreateTeamDto, @Ctx() context: RequestContext): Promise<{ data: Team }> {
    const teamId = deterministicId(`${context.commandId}/team`);
    const { name, restrict_signals_resource_management = false } = body;
    await this.commands.run({ type: 'CreateTeam', teamId, name, restrict_signals_resource_management }, context);
    return { data: await this.queries.find(context.orgId, teamId) };
  }

  @Patch([`${TEAMS}/:id`, 'teams/:id'])
  @RequirePermission('manage_teams')
  @TeamScoped({ allowEither: true })
  async change(
    @Param('id') id: string,
    @Body() body: ChangeTeamDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: Team }> {
    await this.commands.run({ type: 'ChangeTeam', teamId: id, ...body }, context);
    return { data: await this.queries.find(context.orgId, id) };
  }

  @Delete(`${TEAMS}/:id`)
  @RequirePermission('manage_teams')
  @TeamScoped({ allowEither: true })
  @HttpCode(204)
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    const usedBy = await this.queries.sourcesDefaultingTo(context.orgId, id);
    await this.commands.run({ type: 'DeleteTeam', teamId: id, usedBy }, context);
  }
}
