import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AlertChartBucket, AlertVisualizationResponse } from '@tocsin/contracts';
import { RequirePermission } from '../../access/access.decorators';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { AlertVisualizationQueryDto } from './alert-visualization.dto';
import { AlertVisualizationQueries } from './alert-visualization.queries';
import { heldPermissions } from '../../access/held-permissions';

/**
 * The alert charts' figures (`/signals/alert_visualization` and `/analytics/alerts`), `read_alerts`: the
 * organization's alert volume, the noisiest sources and the time to acknowledge over a window.
 */
@ApiTags('signals')
@Controller('api/v1/signals')
export class AlertVisualizationController {
  constructor(private readonly queries: AlertVisualizationQueries) {}

  @Get('alert_visualization')
  @RequirePermission('read_alerts')
  async figures(
    @Query() query: AlertVisualizationQueryDto,
    @Ctx() context: RequestContext,
  ): Promise<AlertVisualizationResponse> {
    const data = await this.queries.figures(context.orgId, {
      from: query.from,
      to: query.to,
      bucket: query.bucket as AlertChartBucket | undefined,
      teamId: query.team_id,
      sourceId: query.source_id,
      nameSources: heldPermissions(context).includes('read_event_sources'),
    });
    return { data };
  }
}
