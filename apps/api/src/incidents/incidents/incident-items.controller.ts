import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Incident, IncidentStatusUpdateDraft } from '@tocsin/contracts';
import { fillStatusTemplate, incidentReference } from '@tocsin/domain';
import { RequirePermission } from '../../access/access.decorators';
import { CLOCK, type Clock } from '../../runtime/ports';
import { Ctx, type RequestContext } from '../../shared/request-context';
import {
  AddFollowUpDto,
  AddTaskDto,
  ApplyTaskListDto,
  ChangeFollowUpDto,
  ChangeTaskDto,
  LinkDto,
  MilestoneDto,
  NoteDto,
  RoleAssignmentDto,
  StatusUpdateDraftQueryDto,
  StatusUpdateDto,
} from './incidents.dto';
import { IncidentsService, invalidField } from './incidents.service';

type One = { data: Incident };

/**
 * What people add to an incident while they work it (issue 21): milestones, roles, tasks and task lists,
 * follow-ups, notes, status updates and links. Every change is an event of the incident with its actor and
 * answers the incident as it now is. `manage_incidents` (collaborator and up); another organization's incident is 404.
 */
@ApiTags('incidents')
@Controller('api/v1/incidents/:id')
export class IncidentItemsController {
  constructor(
    private readonly incidents: IncidentsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Sets (or with `at: null` clears) a milestone; a time out of order is refused naming the neighbour it passes. */
  @Put('milestones/:milestone')
  @RequirePermission('manage_incidents')
  async milestone(
    @Param('id') id: string,
    @Param('milestone') milestone: string,
    @Body() body: MilestoneDto,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    const time = body.at === null ? null : new Date(body.at).toISOString();
    const settings = await this.incidents.settings(context.orgId);
    return this.apply(id, context, { type: 'SetIncidentMilestone', milestone, time, settings });
  }

  @Put('roles/:roleId')
  @RequirePermission('manage_incidents')
  async role(
    @Param('id') id: string,
    @Param('roleId') roleId: string,
    @Body() body: RoleAssignmentDto,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    const userFound = await this.incidents.memberFound(context.orgId, body.user_id);
    const settings = await this.incidents.settings(context.orgId);
    return this.apply(id, context, { type: 'AssignIncidentRole', roleId, userId: body.user_id, userFound, settings });
  }

  @Post('tasks')
  @RequirePermission('manage_incidents')
  async addTask(@Param('id') id: string, @Body() body: AddTaskDto, @Ctx() context: RequestContext): Promise<One> {
    const assigneeFound = await this.incidents.memberFound(context.orgId, body.assignee_id);
    return this.apply(id, context, {
      type: 'AddIncidentTask',
      title: body.title,
      assigneeId: body.assignee_id ?? null,
      dueAt: iso(body.due_at) ?? null,
      assigneeFound,
    });
  }

  @Patch('tasks/:taskId')
  @RequirePermission('manage_incidents')
  async changeTask(
    @Param('id') id: string,
    @Param('taskId') taskId: string,
    @Body() body: ChangeTaskDto,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    const assigneeFound = await this.incidents.memberFound(context.orgId, body.assignee_id);
    return this.apply(id, context, {
      type: 'ChangeIncidentTask',
      taskId,
      title: body.title,
      assigneeId: body.assignee_id,
      dueAt: iso(body.due_at),
      done: body.done,
      assigneeFound,
    });
  }

  @Delete('tasks/:taskId')
  @RequirePermission('manage_incidents')
  removeTask(@Param('id') id: string, @Param('taskId') taskId: string, @Ctx() context: RequestContext): Promise<One> {
    return this.apply(id, context, { type: 'RemoveIncidentTask', taskId });
  }

  /** The task list's tasks become the incident's. */
  @Post('task_lists')
  @RequirePermission('manage_incidents')
  async applyTaskList(@Param('id') id: string, @Body() body: ApplyTaskListDto, @Ctx() context: RequestContext) {
    const settings = await this.incidents.settings(context.orgId);
    return this.apply(id, context, { type: 'ApplyIncidentTaskList', taskListId: body.task_list_id, settings });
  }

  @Post('follow_ups')
  @RequirePermission('manage_incidents')
  async addFollowUp(@Param('id') id: string, @Body() body: AddFollowUpDto, @Ctx() context: RequestContext) {
    const ownerFound = await this.incidents.memberFound(context.orgId, body.owner_id);
    return this.apply(id, context, {
      type: 'AddIncidentFollowUp',
      title: body.title,
      ownerId: body.owner_id ?? null,
      dueAt: iso(body.due_at) ?? null,
      ownerFound,
    });
  }

  /** Follow-ups outlive the incident: changed whatever its status. */
  @Patch('follow_ups/:followUpId')
  @RequirePermission('manage_incidents')
  async changeFollowUp(
    @Param('id') id: string,
    @Param('followUpId') followUpId: string,
    @Body() body: ChangeFollowUpDto,
    @Ctx() context: RequestContext,
  ): Promise<One> {
    const ownerFound = await this.incidents.memberFound(context.orgId, body.owner_id);
    return this.apply(id, context, {
      type: 'ChangeIncidentFollowUp',
      followUpId,
      title: body.title,
      ownerId: body.owner_id,
      dueAt: iso(body.due_at),
      status: body.status,
      ownerFound,
    });
  }

  @Post('notes')
  @RequirePermission('manage_incidents')
  addNote(@Param('id') id: string, @Body() body: NoteDto, @Ctx() context: RequestContext): Promise<One> {
    return this.apply(id, context, { type: 'AddIncidentNote', body: body.body });
  }

  /** A template's body with the incident's name, severity, priority, status and reference filled in, to edit before posting. */
  @Get('status_updates/draft')
  @RequirePermission('read_incidents')
  async draft(
    @Param('id') id: string,
    @Query() query: StatusUpdateDraftQueryDto,
    @Ctx() context: RequestContext,
  ): Promise<{ data: IncidentStatusUpdateDraft }> {
    const doc = await this.incidents.doc(context.orgId, id);
    const settings = await this.incidents.settings(context.orgId);
    const template = settings.statusUpdateTemplates.find((t) => t.id === query.template_id);
    if (!template)
      throw invalidField('template_id', 'template_id must be a status update template of this organization');
    const nameOf = (list: Array<{ id: string; name: string }>, itemId: string | null) =>
      list.find((item) => item.id === itemId)?.name ?? '';
    const body = fillStatusTemplate(template.body, {
      name: doc.name,
      reference: incidentReference(doc.number),
      severity: nameOf(settings.severities, doc.severityId),
      priority: nameOf(settings.priorities, doc.priorityId),
      status: doc.status,
      summary: doc.summary,
      customer_impact: doc.customerImpact,
    });
    return { data: { template_id: template.id, body } };
  }

  @Post('status_updates')
  @RequirePermission('manage_incidents')
  async postStatusUpdate(@Param('id') id: string, @Body() body: StatusUpdateDto, @Ctx() context: RequestContext) {
    const settings = await this.incidents.settings(context.orgId);
    return this.apply(id, context, {
      type: 'PostIncidentStatusUpdate',
      templateId: body.template_id ?? null,
      body: body.body,
      settings,
    });
  }

  @Post('links')
  @RequirePermission('manage_incidents')
  addLink(@Param('id') id: string, @Body() body: LinkDto, @Ctx() context: RequestContext): Promise<One> {
    return this.apply(id, context, { type: 'AddIncidentLink', url: body.url, title: body.title ?? '' });
  }

  @Delete('links/:linkId')
  @RequirePermission('manage_incidents')
  removeLink(@Param('id') id: string, @Param('linkId') linkId: string, @Ctx() context: RequestContext): Promise<One> {
    return this.apply(id, context, { type: 'RemoveIncidentLink', linkId });
  }

  private async apply(
    incidentId: string,
    context: RequestContext,
    command: Parameters<IncidentsService['run']>[0] extends infer C
      ? C extends { incidentId: string; by: unknown; at: unknown }
        ? Omit<C, 'incidentId' | 'by' | 'at'>
        : never
      : never,
  ): Promise<One> {
    const at = new Date(this.clock.now()).toISOString();
    await this.incidents.run(
      { ...command, incidentId, by: context.actorId, at } as Parameters<IncidentsService['run']>[0],
      context,
    );
    return { data: await this.incidents.find(context.orgId, incidentId) };
  }
}

const iso = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value).toISOString();
