import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { MembersResponse, OrganizationMember } from '@tocsin/contracts';
import { DEFAULT_PER_PAGE } from '@tocsin/domain';
import { RequirePermission } from '../access/access.decorators';
import { PageQueryDto } from '../shared/page-query.dto';
import { Ctx, type RequestContext } from '../shared/request-context';
import { MembersService } from './members.service';
import { ChangeRoleDto } from './organization-admin.dto';

/** The users settings page: who is in the organization, with which role. */
@ApiTags('organization administration')
@Controller('api/v1/users')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @RequirePermission('read_users')
  list(@Query() query: PageQueryDto, @Ctx() context: RequestContext): Promise<MembersResponse> {
    return this.members.list(context.orgId, query.page ?? 1, query.per_page ?? DEFAULT_PER_PAGE);
  }

  @Get(':id')
  @RequirePermission('read_users')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<{ data: OrganizationMember }> {
    return { data: await this.members.find(context.orgId, id) };
  }

  /** The last owner cannot be demoted (409): the organization decider refuses it. */
  @Patch(':id')
  @RequirePermission('manage_users')
  async changeRole(
    @Param('id') id: string,
    @Body() body: ChangeRoleDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: OrganizationMember }> {
    return { data: await this.members.changeRole(id, body.role, context) };
  }

  @Delete(':id')
  @RequirePermission('manage_users')
  @HttpCode(204)
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.members.remove(id, context);
  }
}
