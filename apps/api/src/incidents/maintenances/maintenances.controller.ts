import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  MAINTENANCES_API,
  type MaintenanceHeldAlertsResponse,
  type MaintenanceResponse,
  type MaintenancesResponse,
} from '@tocsin/contracts';
import { DEFAULT_PER_PAGE } from '@tocsin/domain';
import { RequirePermission } from '../../access/access.decorators';
import { CLOCK, type Clock } from '../../runtime/ports';
import { deterministicId } from '../../shared/event-sourced';
import { NoBodyDto } from '../../shared/no-body.dto';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { ChangeMaintenanceDto, CreateMaintenanceDto, MaintenancesQueryDto } from './maintenances.dto';
import { MaintenancesService } from './maintenances.service';

/**
 * Scheduled maintenances (`/incidents/maintenances`, issue 21): read with read_incidents, scheduled, changed,
 * cancelled and ended early with manage_incidents. Alerts they cover during their window page nobody.
 */
@ApiTags('incidents')
@Controller(MAINTENANCES_API.slice(1))
export class MaintenancesController {
  constructor(
    private readonly maintenances: MaintenancesService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @RequirePermission('read_incidents')
  list(@Query() query: MaintenancesQueryDto, @Ctx() context: RequestContext): Promise<MaintenancesResponse> {
    return this.maintenances.list(context.orgId, {
      filter: query.filter,
      page: query.page ?? 1,
      perPage: query.per_page ?? DEFAULT_PER_PAGE,
    });
  }

  @Get(':id')
  @RequirePermission('read_incidents')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<MaintenanceResponse> {
    return { data: await this.maintenances.find(context.orgId, id) };
  }

  /** The alerts it held, latest first: their summaries and where they stand, as an incident shows its alerts. */
  @Get(':id/held_alerts')
  @RequirePermission('read_incidents')
  heldAlerts(@Param('id') id: string, @Ctx() context: RequestContext): Promise<MaintenanceHeldAlertsResponse> {
    return this.maintenances.heldAlerts(context.orgId, id);
  }

  @Post()
  @RequirePermission('manage_incidents')
  async create(@Body() body: CreateMaintenanceDto, @Ctx() context: RequestContext): Promise<MaintenanceResponse> {
    const maintenanceId = deterministicId(`${context.commandId}/maintenance`);
    await this.maintenances.run(
      {
        type: 'ScheduleMaintenance',
        maintenanceId,
        at: this.now(),
        by: context.actorId,
        name: body.name,
        startsAt: body.starts_at,
        endsAt: body.ends_at,
        services: body.services,
        sourceIds: body.source_ids,
        announcement: body.announcement,
        missingSourceIds: await this.maintenances.missingSources(context.orgId, body.source_ids),
      },
      context,
    );
    return { data: await this.maintenances.find(context.orgId, maintenanceId) };
  }

  @Patch(':id')
  @RequirePermission('manage_incidents')
  async change(
    @Param('id') id: string,
    @Body() body: ChangeMaintenanceDto,
    @Ctx() context: RequestContext,
  ): Promise<MaintenanceResponse> {
    await this.maintenances.doc(context.orgId, id);
    await this.maintenances.run(
      {
        type: 'ChangeMaintenance',
        maintenanceId: id,
        at: this.now(),
        by: context.actorId,
        name: body.name,
        startsAt: body.starts_at,
        endsAt: body.ends_at,
        services: body.services,
        sourceIds: body.source_ids,
        announcement: body.announcement,
        missingSourceIds: await this.maintenances.missingSources(context.orgId, body.source_ids),
      },
      context,
    );
    return { data: await this.maintenances.find(context.orgId, id) };
  }

  /** Called off: the alerts it holds page at once. */
  @Post(':id/cancel')
  @RequirePermission('manage_incidents')
  @HttpCode(200)
  async cancel(
    @Param('id') id: string,
    @Body() _body: NoBodyDto,
    @Ctx() context: RequestContext,
  ): Promise<MaintenanceResponse> {
    await this.maintenances.doc(context.orgId, id);
    await this.maintenances.run(
      { type: 'CancelMaintenance', maintenanceId: id, at: this.now(), by: context.actorId },
      context,
    );
    return { data: await this.maintenances.find(context.orgId, id) };
  }

  /** Over now, before its planned end: the alerts it holds page at once. */
  @Post(':id/end')
  @RequirePermission('manage_incidents')
  @HttpCode(200)
  async end(
    @Param('id') id: string,
    @Body() _body: NoBodyDto,
    @Ctx() context: RequestContext,
  ): Promise<MaintenanceResponse> {
    await this.maintenances.doc(context.orgId, id);
    await this.maintenances.run(
      { type: 'EndMaintenanceEarly', maintenanceId: id, at: this.now(), by: context.actorId },
      context,
    );
    return { data: await this.maintenances.find(context.orgId, id) };
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
