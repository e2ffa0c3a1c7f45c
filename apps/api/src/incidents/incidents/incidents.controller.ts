import { Body, Controller, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Incident, IncidentAsOfResponse, IncidentNamesResponse, IncidentsResponse } from '@tocsin/contracts';
import {
  alertStreamFor,
  DEFAULT_PER_PAGE,
  type IncidentAlertLink,
  type IncidentField,
  type IncidentFields,
} from '@tocsin/domain';
import { alertsView, type AlertDoc } from '@tocsin/read-models';
import { RequirePermission } from '../../access/access.decorators';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../../runtime/ports';
import { deterministicId } from '../../shared/event-sourced';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { IncidentPaging } from './incident-paging';
import { IncidentTimelineService } from './incident-timeline.service';
import {
  AsOfQueryDto,
  ChangeIncidentDto,
  DeclareIncidentDto,
  IncidentNamesQueryDto,
  IncidentsQueryDto,
} from './incidents.dto';
import { IncidentsService, invalidField } from './incidents.service';

type One = { data: Incident };
const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : undefined;

/** The request's fields as the decider names them (left out: undefined). */
export function fieldsOf(body: ChangeIncidentDto | DeclareIncidentDto): Partial<IncidentFields> {
  const fields: Partial<IncidentFields> = {
    name: body.name,
    summary: body.summary,
    customerImpact: body.customer_impact,
    severityId: body.severity_id,
    priorityId: body.priority_id,
    typeId: body.type_id,
    teamId: body.team_id,
    impactedServices: body.impacted_services,
    environments: body.environments,
    labels: body.labels,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

const SNAKE_TO_FIELD: Record<string, IncidentField> = {
  name: 'name',
  summary: 'summary',
  customer_impact: 'customerImpact',
  severity_id: 'severityId',
  priority_id: 'priorityId',
  type_id: 'typeId',
  team_id: 'teamId',
  impacted_services: 'impactedServices',
  environments: 'environments',
  labels: 'labels',
};

/**
 * Incidents (issue 21, `/incidents`): `read_incidents` to see them (every role), `manage_incidents` to declare and
 * work them (collaborator and up). Incidents belong to the organization: no team restricts them (teams restrict
 * signals resources only). Declared by hand, from an alert (both name each other), or by any API client; a
 * declaration can page a team through its escalation policy.
 */
@ApiTags('incidents')
@Controller('api/v1/incidents')
export class IncidentsController {
  constructor(
    private readonly incidents: IncidentsService,
    private readonly timeline: IncidentTimelineService,
    private readonly paging: IncidentPaging,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @RequirePermission('read_incidents')
  list(@Query() query: IncidentsQueryDto, @Ctx() context: RequestContext): Promise<IncidentsResponse> {
    return this.incidents.list(context.orgId, {
      statuses: list(query.status)?.map((s) => s.toLowerCase()),
      severityIds: list(query.severity),
      teamId: query.team_id,
      from: query.from && new Date(query.from).toISOString(),
      to: query.to && new Date(query.to).toISOString(),
      search: query.query?.trim() || undefined,
      page: query.page ?? 1,
      perPage: query.per_page ?? DEFAULT_PER_PAGE,
    });
  }

  @Post()
  @RequirePermission('manage_incidents')
  async declare(@Body() body: DeclareIncidentDto, @Ctx() context: RequestContext): Promise<One> {
    const { orgId } = context;
    const now = new Date(this.clock.now()).toISOString();
    const alertDoc = body.alert_id ? await alertsView.find(this.store, orgId, body.alert_id) : null;
    if (body.alert_id && !alertDoc) throw invalidField('alert_id', 'alert_id must be an alert of this organization');
    const policy = body.page
      ? await this.paging.policyFor(orgId, body.page.team_id, body.page.escalation_policy_id)
      : null;
    const fields = fieldsOf(body);
    // from an alert, the incident is its team's unless named, and started when the alert triggered
    if (fields.teamId === undefined && alertDoc) fields.teamId = alertDoc.teamId;
    if (fields.teamId === undefined && policy) fields.teamId = policy.teamId;
    const incidentId = deterministicId(`${context.commandId}/incident`);
    const by = context.actorId;
    const page = policy && { teamId: policy.teamId, escalationPolicyId: policy._id };
    // this process pages after declaring: the pages reactor, seeing the declaration first, waits for it
    const release = page && this.paging.hold(incidentId, page.teamId);
    try {
      const number = await this.incidents.declare(
        {
          incidentId,
          by,
          at: now,
          fields,
          startedAt: body.started_at ? new Date(body.started_at).toISOString() : alertDoc?.triggered_at,
          detectedAt: body.detected_at ? new Date(body.detected_at).toISOString() : alertDoc?.triggered_at,
          alert: alertDoc && linkOf(alertDoc),
          settings: await this.incidents.settings(orgId),
          teamFound: await this.incidents.teamFound(orgId, fields.teamId),
          page,
        },
        context,
      );
      // the declaration stands from here: paging the team follows it and never answers for it (the declaration
      // carries the request, and the pages reactor sees to it if this process stops before the page goes out)
      if (page)
        await this.paging.pageDeclared(
          { incidentId, number, name: (fields.name ?? '').trim(), at: now },
          page,
          context,
        );
    } finally {
      release?.();
    }
    return { data: await this.incidents.find(orgId, incidentId) };
  }

  /**
   * What incidents carry by id, in words, for every reader of incidents: the settings' names (a viewer may not
   * read the settings themselves) and the names of the members asked for (a viewer may not list the members).
   * Declared before `:id`, which would take "names" for an incident.
   */
  @Get('names')
  @RequirePermission('read_incidents')
  async names(@Query() query: IncidentNamesQueryDto, @Ctx() context: RequestContext): Promise<IncidentNamesResponse> {
    const { orgId } = context;
    const userIds = [...new Set(list(query.user_ids) ?? [])];
    const [settings, people] = await Promise.all([this.incidents.settings(orgId), this.timeline.names(orgId, userIds)]);
    const named = (items: ReadonlyArray<{ id: string; name: string }>) => items.map(({ id, name }) => ({ id, name }));
    return {
      data: {
        milestones: settings.milestones.map(({ id, key, name, position }) => ({ id, key, name, position })),
        roles: named(settings.roles),
        severities: named(settings.severities),
        priorities: named(settings.priorities),
        types: named(settings.types),
        people,
      },
    };
  }

  @Get(':id')
  @RequirePermission('read_incidents')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<One> {
    return { data: await this.incidents.find(context.orgId, id) };
  }

  /**
   * Saves fields. Each field may carry the version the edit was based on (`versions`); one changed by someone
   * else since answers 409 with their value, who set it and when, and nothing is saved: retry on top of it.
   */
  @Patch(':id')
  @RequirePermission('manage_incidents')
  async change(@Param('id') id: string, @Body() body: ChangeIncidentDto, @Ctx() context: RequestContext): Promise<One> {
    const { orgId } = context;
    await this.incidents.doc(orgId, id); // another organization's or no incident: 404 before anything is looked up
    const changes = fieldsOf(body);
    const versions = Object.fromEntries(
      Object.entries(body.versions ?? {}).map(([field, version]) => [SNAKE_TO_FIELD[field], version]),
    );
    // looked up whenever one is named: the view's team may be behind the stream's (the decider judges "unchanged")
    const teamFound = changes.teamId === undefined || (await this.incidents.teamFound(orgId, changes.teamId));
    await this.incidents.run(
      {
        type: 'ChangeIncidentFields',
        incidentId: id,
        by: context.actorId,
        at: new Date(this.clock.now()).toISOString(),
        changes,
        versions,
        settings: await this.incidents.settings(orgId),
        teamFound,
      },
      context,
    );
    return { data: await this.incidents.find(orgId, id) };
  }

  /** The incident as it was just after its event at `position` (or its last before it): step through the past. */
  @Get(':id/as_of')
  @RequirePermission('read_incidents')
  asOf(
    @Param('id') id: string,
    @Query() query: AsOfQueryDto,
    @Ctx() context: RequestContext,
  ): Promise<IncidentAsOfResponse> {
    return this.timeline.asOf(context.orgId, id, query.position);
  }
}

function linkOf(alert: AlertDoc): IncidentAlertLink {
  return {
    alertId: alert._id,
    stream: alertStreamFor(alert.sourceId, alert.dedupKey),
    episode: alert.episode,
    summary: alert.summary,
  };
}
