import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { IncidentFollowUpsResponse, IncidentTasksResponse } from '@tocsin/contracts';
import { DEFAULT_PER_PAGE, incidentReference } from '@tocsin/domain';
import { incidentFollowUpsView, incidentsView, incidentTasksView } from '@tocsin/read-models';
import { RequirePermission } from '../../access/access.decorators';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { presentFollowUp, presentTask } from './incident-present';
import { FollowUpsQueryDto, TasksQueryDto } from './incidents.dto';
import { pagination } from './incidents.service';

/**
 * Work across incidents (`/incidents/tasks`, `/incidents/follow_ups`): the caller's or everyone's, open or done.
 * Follow-ups stay listed after their incident closes. Registered before the incident routes, whose `:id` would
 * otherwise take "tasks" for an incident.
 */
@ApiTags('incidents')
@Controller('api/v1/incidents')
export class IncidentWorkController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('tasks')
  @RequirePermission('read_incidents')
  async tasks(@Query() query: TasksQueryDto, @Ctx() context: RequestContext): Promise<IncidentTasksResponse> {
    const { orgId } = context;
    const page = query.page ?? 1;
    const perPage = query.per_page ?? DEFAULT_PER_PAGE;
    const state = query.state ?? 'open';
    const { total, docs } = await incidentTasksView.list(this.store, orgId, {
      assigneeId: query.assignee === 'mine' ? (context.actorId ?? '-') : undefined,
      done: state === 'all' ? undefined : state === 'done',
      page,
      perPage,
    });
    const incidents = new Map(
      (await incidentsView.some(this.store, orgId, [...new Set(docs.map((d) => d.incidentId))])).map((d) => [d._id, d]),
    );
    const data = docs.map((doc) => {
      const incident = incidents.get(doc.incidentId);
      return {
        ...presentTask(doc),
        incident_reference: incident ? incidentReference(incident.number) : '',
        incident_name: incident?.name ?? '',
      };
    });
    return { data, pagination: pagination(page, perPage, total) };
  }

  @Get('follow_ups')
  @RequirePermission('read_incidents')
  async followUps(
    @Query() query: FollowUpsQueryDto,
    @Ctx() context: RequestContext,
  ): Promise<IncidentFollowUpsResponse> {
    const { orgId } = context;
    const page = query.page ?? 1;
    const perPage = query.per_page ?? DEFAULT_PER_PAGE;
    const { total, docs } = await incidentFollowUpsView.list(this.store, orgId, {
      ownerId: query.owner === 'mine' ? (context.actorId ?? '-') : undefined,
      statuses: query.status
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      page,
      perPage,
    });
    const incidents = new Map(
      (await incidentsView.some(this.store, orgId, [...new Set(docs.map((d) => d.incidentId))])).map((d) => [d._id, d]),
    );
    return {
      data: docs.map((doc) => presentFollowUp(doc, incidents.get(doc.incidentId))),
      pagination: pagination(page, perPage, total),
    };
  }
}
