import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { IncidentSettingsResponse } from '@tocsin/contracts';
import type { IncidentRequiredField, TicketingSettings } from '@tocsin/domain';
import { RequirePermission } from '../../access/access.decorators';
import { Ctx, type RequestContext } from '../../shared/request-context';
import {
  DurationListDto,
  MilestoneListDto,
  NamedListDto,
  RankedListDto,
  RoleListDto,
  SeverityMatrixDto,
  TaskListListDto,
  TemplateListDto,
  TicketingDto,
  TypeListDto,
} from './incident-settings.dto';
import { IncidentSettingsService } from './incident-settings.service';

const description = (value: string | undefined) => value ?? '';
const idOf = (value: string | null | undefined) => value ?? null;

/**
 * Incident settings (issue 21, `/settings/*` of the incident side): GET the whole settings (read_incident_settings),
 * PUT one part at a time, whole (manage_incident_settings; ticketing: owners, manage_organization_settings). Every
 * PUT carries `expected_revision`, the part's revision the client read (GET `revisions`): a save made meanwhile
 * makes it stale, answered 409 `stale_revision` with the current settings in `data`, nothing written. Each answer
 * is the whole settings after the save.
 */
@ApiTags('incidents')
@Controller('api/v1/incident_settings')
export class IncidentSettingsController {
  constructor(private readonly settings: IncidentSettingsService) {}

  @Get()
  @RequirePermission('read_incident_settings')
  async get(@Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    return { data: await this.settings.get(context.orgId) };
  }

  @Put('severities')
  @RequirePermission('manage_incident_settings')
  async severities(@Body() body: RankedListDto, @Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    const value = body.items.map((item) => ({
      id: idOf(item.id),
      name: item.name,
      description: description(item.description),
      rank: item.rank,
    }));
    return { data: await this.settings.save('severities', value, body.expected_revision, context) };
  }

  @Put('priorities')
  @RequirePermission('manage_incident_settings')
  async priorities(@Body() body: RankedListDto, @Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    const value = body.items.map((item) => ({
      id: idOf(item.id),
      name: item.name,
      description: description(item.description),
      rank: item.rank,
    }));
    return { data: await this.settings.save('priorities', value, body.expected_revision, context) };
  }

  /** In order; custom milestones need the flag customMilestones. */
  @Put('milestones')
  @RequirePermission('manage_incident_settings')
  async milestones(@Body() body: MilestoneListDto, @Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    const value = body.items.map((item) => ({ id: idOf(item.id), name: item.name }));
    return { data: await this.settings.save('milestones', value, body.expected_revision, context) };
  }

  /** Durations between two milestones (by key): the four mean times are built in; any other pair may be added. */
  @Put('durations')
  @RequirePermission('manage_incident_settings')
  async durations(@Body() body: DurationListDto, @Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    const value = body.items.map((item) => ({ id: idOf(item.id), name: item.name, from: item.from, to: item.to }));
    return { data: await this.settings.save('durations', value, body.expected_revision, context) };
  }

  @Put('roles')
  @RequirePermission('manage_incident_settings')
  async roles(@Body() body: RoleListDto, @Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    const value = body.items.map((item) => ({
      id: idOf(item.id),
      name: item.name,
      description: description(item.description),
      taskListId: idOf(item.task_list_id),
    }));
    return { data: await this.settings.save('roles', value, body.expected_revision, context) };
  }

  @Put('types')
  @RequirePermission('manage_incident_settings')
  async types(@Body() body: TypeListDto, @Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    const value = body.items.map((item) => ({
      id: idOf(item.id),
      name: item.name,
      description: description(item.description),
      requiredFields: (item.required_fields ?? []) as IncidentRequiredField[],
    }));
    return { data: await this.settings.save('types', value, body.expected_revision, context) };
  }

  @Put('task_lists')
  @RequirePermission('manage_incident_settings')
  async taskLists(@Body() body: TaskListListDto, @Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    const value = body.items.map((item) => ({
      id: idOf(item.id),
      name: item.name,
      tasks: item.tasks.map((task) => ({ title: task.title, description: description(task.description) })),
    }));
    return { data: await this.settings.save('taskLists', value, body.expected_revision, context) };
  }

  @Put('status_update_templates')
  @RequirePermission('manage_incident_settings')
  async templates(@Body() body: TemplateListDto, @Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    const value = body.items.map((item) => ({ id: idOf(item.id), name: item.name, body: item.body }));
    return { data: await this.settings.save('statusUpdateTemplates', value, body.expected_revision, context) };
  }

  @Put('conditions')
  @RequirePermission('manage_incident_settings')
  async conditions(@Body() body: NamedListDto, @Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    const value = body.items.map((item) => ({
      id: idOf(item.id),
      name: item.name,
      description: description(item.description),
    }));
    return { data: await this.settings.save('conditions', value, body.expected_revision, context) };
  }

  /** Flag incidentAudiences: off, 404. */
  @Put('audiences')
  @RequirePermission('manage_incident_settings')
  async audiences(@Body() body: NamedListDto, @Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    await this.settings.assertAudiencesOn(context.orgId);
    const value = body.items.map((item) => ({
      id: idOf(item.id),
      name: item.name,
      description: description(item.description),
    }));
    return { data: await this.settings.save('audiences', value, body.expected_revision, context) };
  }

  @Put('severity_matrix')
  @RequirePermission('manage_incident_settings')
  async matrix(@Body() body: SeverityMatrixDto, @Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    const value = { impacts: body.impacts, likelihoods: body.likelihoods, cells: body.cells };
    return { data: await this.settings.save('severityMatrix', value, body.expected_revision, context) };
  }

  /** Owners only (/settings/tickets). */
  @Put('ticketing')
  @RequirePermission('manage_organization_settings')
  async ticketing(@Body() body: TicketingDto, @Ctx() context: RequestContext): Promise<IncidentSettingsResponse> {
    const value: TicketingSettings = {
      provider: body.provider,
      projectKey: body.project_key,
      autoCreateFollowUps: body.auto_create_follow_ups,
    };
    return { data: await this.settings.save('ticketing', value, body.expected_revision, context) };
  }
}
