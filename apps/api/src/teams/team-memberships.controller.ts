import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Team, TeamMemberOptionsResponse } from '@tocsin/contracts';
import { RequirePermission, TeamScoped } from '../access/access.decorators';
import { Ctx, type RequestContext } from '../shared/request-context';
import { TeamCommands } from './team.commands';
import { AddMemberDto, MemberOptionsQueryDto, MemberPermissionsDto } from './teams.dto';
import { DEFAULT_PER_PAGE, TeamsQueries } from './teams.queries';

/** Who is in a team and with which team permissions; each change answers with the whole team. */
@ApiTags('teams')
@Controller('api/v1/teams/:id')
export class TeamMembershipsController {
  constructor(
    private readonly commands: TeamCommands,
    private readonly queries: TeamsQueries,
  ) {}

  /** The add-member picker: users page needs read_users, which a member managing teams does not hold. */
  @Get('member_options')
  @RequirePermission('manage_teams')
  @TeamScoped({ allowEither: true })
  memberOptions(
    @Param('id') id: string,
    @Query() query: MemberOptionsQueryDto,
    @Ctx() context: RequestContext,
  ): Promise<TeamMemberOptionsResponse> {
    return this.queries.memberOptions(
      context.orgId,
      id,
      query.query ?? '',
      query.page ?? 1,
      query.per_page ?? DEFAULT_PER_PAGE,
    );
  }

  @Post('memberships')
  @RequirePermission('manage_teams')
  @TeamScoped({ allowEither: true })
  async add(
    @Param('id') id: string,
    @Body() body: AddMemberDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: Team }> {
    const isOrganizationMember = await this.queries.isOrganizationMember(context.orgId, body.user_id);
    await this.commands.run(
      { type: 'AddTeamMember', teamId: id, userId: body.user_id, permissions: body.permissions, isOrganizationMember },
      context,
    );
    return { data: await this.queries.find(context.orgId, id) };
  }

  @Patch('memberships/:userId')
  @RequirePermission('manage_teams')
  @TeamScoped({ allowEither: true })
  async changePermissions(
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Body() body: MemberPermissionsDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: Team }> {
    await this.commands.run(
      { type: 'ChangeTeamMemberPermissions', teamId: id, userId, permissions: body.permissions },
      context,
    );
    return { data: await this.queries.find(context.orgId, id) };
  }

  @Delete('memberships/:userId')
  @RequirePermission('manage_teams')
  @TeamScoped({ allowEither: true })
  @HttpCode(204)
  async remove(
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Ctx() context: RequestContext,
  ): Promise<void> {
    await this.commands.run({ type: 'RemoveTeamMember', teamId: id, userId }, context);
  }
}
