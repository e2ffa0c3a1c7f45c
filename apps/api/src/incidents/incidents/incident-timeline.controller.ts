import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Incident, IncidentChangesResponse, IncidentTimelineResponse } from '@tocsin/contracts';
import { incidentReference } from '@tocsin/domain';
import type { Response } from 'express';
import { RequirePermission } from '../../access/access.decorators';
import { CLOCK, type Clock } from '../../runtime/ports';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { timelineCsv, timelineMarkdown } from './incident-export';
import { IncidentTimelineService } from './incident-timeline.service';
import { StarDto, TimelineQueryDto, VisitDto } from './incidents.dto';
import { IncidentsService } from './incidents.service';

/** A position in the path: anything but a whole number names no entry. */
const positionOf = (text: string) => (/^\d{1,15}$/.test(text) ? Number(text) : -1);

/**
 * The incident's timeline (issue 21): every event, newest or oldest first, `after` a position for the room's
 * catch-up; stars (the incident's, shared: the retrospective takes the starred entries); what changed since this
 * person last looked; and the exports, sorted by time, as Markdown and CSV. Reading is `read_incidents`; starring
 * is working the incident (`manage_incidents`); recording one's own visit is reading.
 */
@ApiTags('incidents')
@Controller('api/v1/incidents/:id')
export class IncidentTimelineController {
  constructor(
    private readonly incidents: IncidentsService,
    private readonly timeline: IncidentTimelineService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('timeline')
  @RequirePermission('read_incidents')
  list(
    @Param('id') id: string,
    @Query() query: TimelineQueryDto,
    @Ctx() context: RequestContext,
  ): Promise<IncidentTimelineResponse> {
    return this.timeline.timeline(context.orgId, id, query);
  }

  @Get('timeline.md')
  @RequirePermission('read_incidents')
  @Header('Content-Type', 'text/markdown; charset=utf-8')
  async markdown(@Param('id') id: string, @Ctx() context: RequestContext, @Res({ passthrough: true }) res: Response) {
    const exported = await this.timeline.sortedForExport(context.orgId, id);
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${incidentReference(exported.doc.number)}-timeline.md"`,
    );
    return timelineMarkdown(exported);
  }

  @Get('timeline.csv')
  @RequirePermission('read_incidents')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  async csv(@Param('id') id: string, @Ctx() context: RequestContext, @Res({ passthrough: true }) res: Response) {
    const exported = await this.timeline.sortedForExport(context.orgId, id);
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${incidentReference(exported.doc.number)}-timeline.csv"`,
    );
    return timelineCsv(exported);
  }

  /** Stars (or with `starred: false` unstars) one of the incident's own entries. */
  @Put('timeline/:position/star')
  @RequirePermission('manage_incidents')
  async star(
    @Param('id') id: string,
    @Param('position') positionText: string,
    @Body() body: StarDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: Incident }> {
    const position = positionOf(positionText);
    const entryFound = position >= 0 && (await this.timeline.entryFound(context.orgId, id, position));
    const at = new Date(this.clock.now()).toISOString();
    await this.incidents.run(
      {
        type: 'StarIncidentEntry',
        incidentId: id,
        by: context.actorId,
        at,
        position,
        starred: body.starred,
        entryFound,
      },
      context,
    );
    return { data: await this.incidents.find(context.orgId, id) };
  }

  /** Everything after this person's last recorded look, oldest first ("changes since you last looked"). */
  @Get('changes')
  @RequirePermission('read_incidents')
  changes(@Param('id') id: string, @Ctx() context: RequestContext): Promise<IncidentChangesResponse> {
    return this.timeline.changes(context, id);
  }

  /** Records that this person has seen the incident up to `position` (its latest unless given). */
  @Post('visit')
  @HttpCode(200)
  @RequirePermission('read_incidents')
  visit(
    @Param('id') id: string,
    @Body() body: VisitDto,
    @Ctx() context: RequestContext,
  ): Promise<IncidentChangesResponse> {
    return this.timeline.visit(context, id, body.position);
  }
}
