import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { OPS_SERIES_API, OPS_SERIES_DEFAULT_WINDOW, type OpsSeriesResponse } from '@tocsin/contracts';
import { parseDuration } from '@tocsin/domain';
import { opsSamplesView } from '@tocsin/read-models';
import { RequirePermission } from '../access/access.decorators';
import { Ctx, type RequestContext } from '../shared/request-context';
import { CLOCK, CONFIG, READ_STORE, type AppConfig, type Clock, type ReadStore } from '../runtime/ports';
import { OpsSeriesQueryDto } from './ops-series.dto';
import { opsSeries } from './ops-series';

/**
 * The ops charts (`/ops`, owners): the caller's organization's ingest rate and page latency, and the system's
 * projection lag, queue depth and sockets, over a window of the processes' samples. Owners only, as the page:
 * `read_organization_settings` is the owners' read permission over how their organization runs.
 */
@ApiTags('health')
@Controller()
export class OpsSeriesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(OPS_SERIES_API.slice(1))
  @RequirePermission('read_organization_settings')
  @ApiOperation({ summary: 'Ingest rate, page latency, projection lag, queue depth and sockets over a window' })
  async series(@Query() query: OpsSeriesQueryDto, @Ctx() context: RequestContext): Promise<OpsSeriesResponse> {
    const now = this.clock.now();
    const windowMs = parseDuration(query.window ?? OPS_SERIES_DEFAULT_WINDOW)! * 1000;
    const samples = await opsSamplesView.between(
      this.store,
      new Date(now - windowMs - 60_000).toISOString(),
      new Date(now).toISOString(),
    );
    return {
      // sampling off (0): the default interval's steps, every one unsampled
      data: opsSeries(samples, context.orgId, {
        now,
        windowMs,
        intervalMs: this.config.OPS_SAMPLE_INTERVAL_MS || 10_000,
      }),
    };
  }
}
