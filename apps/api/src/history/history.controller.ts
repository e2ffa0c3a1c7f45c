import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AsOfResponse, HistoryPage, ViewsResponse } from '@tocsin/contracts';
import { RequirePermission } from '../access/access.decorators';
import { Ctx, type RequestContext } from '../shared/request-context';
import { AsOfQueryDto, HistoryQueryDto } from './history.dto';
import { HistoryService } from './history.service';

/** History for auditors: the organization's events, password hashes redacted. */
@ApiTags('history')
@RequirePermission('read_audit_events')
@Controller('api/v1/history')
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Get()
  page(@Query() query: HistoryQueryDto, @Ctx() context: RequestContext): Promise<HistoryPage> {
    return this.history.page(query, context.orgId, context.role);
  }

  @Get('views')
  async views(): Promise<ViewsResponse> {
    return { data: await this.history.views() };
  }

  @Get('as_of')
  async asOf(@Query() query: AsOfQueryDto, @Ctx() context: RequestContext): Promise<AsOfResponse> {
    return { data: await this.history.asOf(query.view, query.position, context.orgId, context.role) };
  }

  @Get('streams/:stream')
  async stream(@Param('stream') stream: string, @Ctx() context: RequestContext) {
    return { data: await this.history.stream(stream, context.orgId, context.role) };
  }
}
