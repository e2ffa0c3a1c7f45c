import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Alert, AlertsResponse, IngestLogsResponse } from '@tocsin/contracts';
import { alertStreamFor, DEFAULT_PER_PAGE } from '@tocsin/domain';
import { alertsView } from '@tocsin/read-models';
import { RequirePermission } from '../../access/access.decorators';
import { alertCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CLOCK, type Clock } from '../../runtime/ports';
import { NoBodyDto } from '../../shared/no-body.dto';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { requestActor } from './alert-actor';
import { AlertsQueryDto, IngestLogsQueryDto } from './alerts.dto';
import { AlertsQueries } from './alerts.queries';

const list = (value: string | undefined) => (value ? value.split(',').map((v) => v.trim()) : undefined);

/**
 * Alerts (`/signals/alerts`) and the ingest log (`/signals/logs`), both `read_alerts`. Acknowledging and
 * resolving need `act_on_alerts` (a viewer only reads; a person paged acts through the page's signed link or SMS
 * reply whatever their role); the alert must be the caller's organization's, which the session decides.
 */
@ApiTags('signals')
@Controller('api/v1/signals')
export class AlertsController {
  constructor(
    private readonly queries: AlertsQueries,
    private readonly commands: Commands,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('alerts')
  @RequirePermission('read_alerts')
  list(@Query() query: AlertsQueryDto, @Ctx() context: RequestContext): Promise<AlertsResponse> {
    return this.queries.list(context.orgId, {
      statuses: list(query.status)?.map((s) => s.toLowerCase()),
      priorities: list(query.priority)?.map((p) => p.toUpperCase()),
      sourceId: query.source_id,
      teamId: query.team_id,
      search: query.query?.trim() || undefined,
      page: query.page ?? 1,
      perPage: query.per_page ?? DEFAULT_PER_PAGE,
    });
  }

  @Get('alerts/:id')
  @RequirePermission('read_alerts')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<{ data: Alert }> {
    return { data: await this.queries.find(context.orgId, id) };
  }

  @Post('alerts/:id/acknowledge')
  @RequirePermission('act_on_alerts')
  @HttpCode(200)
  acknowledge(@Param('id') id: string, @Body() _body: NoBodyDto, @Ctx() context: RequestContext) {
    return this.move('AcknowledgeAlert', id, context);
  }

  @Post('alerts/:id/resolve')
  @RequirePermission('act_on_alerts')
  @HttpCode(200)
  resolve(@Param('id') id: string, @Body() _body: NoBodyDto, @Ctx() context: RequestContext) {
    return this.move('ResolveAlert', id, context);
  }

  @Get('logs')
  @RequirePermission('read_alerts')
  logs(@Query() query: IngestLogsQueryDto, @Ctx() context: RequestContext): Promise<IngestLogsResponse> {
    return this.queries.logs(context.orgId, {
      sourceId: query.source_id,
      outcome: query.outcome,
      page: query.page ?? 1,
      perPage: query.per_page ?? DEFAULT_PER_PAGE,
    });
  }

  private async move(
    type: 'AcknowledgeAlert' | 'ResolveAlert',
    id: string,
    context: RequestContext,
  ): Promise<{ data: Alert }> {
    // the view names the stream (source and key); the decider judges on the stream itself
    const doc = await this.queries.doc(context.orgId, id);
    const by = requestActor(context);
    const at = new Date(this.clock.now()).toISOString();
    await this.commands.run(
      alertCommand(
        alertStreamFor(doc.sourceId, doc.dedupKey),
        { type, alertId: id, orgId: context.orgId, by, at },
        context,
      ),
      alertsView.name,
    );
    return { data: await this.queries.find(context.orgId, id) };
  }
}
