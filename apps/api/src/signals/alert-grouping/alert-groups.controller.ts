import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AlertGroupResource, AlertGroupsResponse } from '@tocsin/contracts';
import { RequirePermission } from '../../access/access.decorators';
import { NoBodyDto } from '../../shared/no-body.dto';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { requestActor } from '../alerts/alert-actor';
import { AlertGroupsListQueryDto } from './alert-grouping.dto';
import { AlertGroupingService } from './alert-grouping.service';
import { AlertGroupsService } from './alert-groups.service';

type One = { data: AlertGroupResource };

/**
 * The groups alerts formed (flag alertGrouping): read with read_alert_grouping; acknowledging or resolving a
 * group acts on its alerts, so it needs what acting on an alert needs (act_on_alerts).
 */
@ApiTags('alert grouping')
@Controller('api/v1/signals/alert_groups')
export class AlertGroupsController {
  constructor(
    private readonly groups: AlertGroupsService,
    private readonly area: AlertGroupingService,
  ) {}

  @Get()
  @RequirePermission('read_alert_grouping')
  async list(@Query() query: AlertGroupsListQueryDto, @Ctx() context: RequestContext): Promise<AlertGroupsResponse> {
    await this.area.assertOn(context.orgId);
    return { data: await this.groups.list(context.orgId, { teamId: query.team_id, open: query.status === 'open' }) };
  }

  @Get(':id')
  @RequirePermission('read_alert_grouping')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<One> {
    await this.area.assertOn(context.orgId);
    return { data: await this.groups.find(context.orgId, id) };
  }

  @Post(':id/acknowledge')
  @RequirePermission('act_on_alerts')
  @HttpCode(200)
  async acknowledge(@Param('id') id: string, @Body() _body: NoBodyDto, @Ctx() context: RequestContext): Promise<One> {
    await this.area.assertOn(context.orgId);
    return { data: await this.groups.move('AcknowledgeAlertGroup', id, requestActor(context), context) };
  }

  @Post(':id/resolve')
  @RequirePermission('act_on_alerts')
  @HttpCode(200)
  async resolve(@Param('id') id: string, @Body() _body: NoBodyDto, @Ctx() context: RequestContext): Promise<One> {
    await this.area.assertOn(context.orgId);
    return { data: await this.groups.move('ResolveAlertGroup', id, requestActor(context), context) };
  }
}
