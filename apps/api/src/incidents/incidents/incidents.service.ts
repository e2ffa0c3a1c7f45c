import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Incident, IncidentsResponse, PagePagination } from '@tocsin/contracts';
import {
  decideIncident,
  DomainError,
  evolveIncidentNumbers,
  INCIDENT_NOT_FOUND,
  IncidentFieldConflict,
  incidentNumbersStream,
  initialIncident,
  initialIncidentNumbers,
  organizationStream,
  type DeclareIncident,
  type IncidentCommand,
  type IncidentSettings,
} from '@tocsin/domain';
import {
  incidentFollowUpsView,
  incidentSettingsView,
  incidentsView,
  incidentTasksView,
  incidentTimelineView,
  teamsView,
  type IncidentDoc,
  type IncidentFilters,
} from '@tocsin/read-models';
import { deciders, incidentCommand, incidentNumberCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '../../runtime/ports';
import { currentState, deterministicId, type DistributiveOmit } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';
import { presentIncident, presentIncidentSummary } from './incident-present';

export const pagination = (page: number, perPage: number, total: number): PagePagination => ({
  page,
  per_page: perPage,
  total,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
});

/** The views a change to an incident shows in before the answer (read-your-writes). */
const INCIDENT_VIEWS = [
  incidentsView.name,
  incidentTimelineView.name,
  incidentTasksView.name,
  incidentFollowUpsView.name,
];

/** Incidents: commands (the handler looks up settings, members and teams; the decider rules) and their reads. */
@Injectable()
export class IncidentsService {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  settings(orgId: string): Promise<IncidentSettings> {
    return incidentSettingsView.of(this.store, orgId);
  }

  /** Runs an incident command; a stale field save answers 409 with the other's value, who set it and when. */
  async run(command: DistributiveOmit<IncidentCommand, 'orgId'>, context: RequestContext) {
    try {
      return await this.commands.run(incidentCommand(command, context), ...INCIDENT_VIEWS);
    } catch (error) {
      if (!(error instanceof IncidentFieldConflict)) throw error;
      throw new ConflictException({
        error: 'conflict',
        message: error.message,
        fields: error.fields,
        conflicts: error.conflicts.map((c) => ({
          field: c.field,
          value: c.value,
          version: c.version,
          set_by: c.setBy,
          set_at: c.setAt,
        })),
      });
    }
  }

  /**
   * Declares: the fields are judged first (a refused declaration takes no number), then the organization's next
   * number is taken on its own stream, then the incident is declared with it.
   */
  /** Declares the incident under its organization's next number, and answers that number. */
  async declare(command: Omit<DeclareIncident, 'orgId' | 'number' | 'type'>, context: RequestContext): Promise<number> {
    const full: DeclareIncident = { ...command, type: 'DeclareIncident', orgId: context.orgId, number: 0 };
    decideIncident(full, initialIncident());
    const numbering = { ...context, commandId: deterministicId(`${context.commandId}/incident-number`) };
    const outcome = await this.commands.run(incidentNumberCommand(command.incidentId, numbering));
    const number =
      outcome.events[0]?.data.number ??
      (
        await currentState(this.events, incidentNumbersStream(context.orgId), {
          initial: initialIncidentNumbers,
          evolve: evolveIncidentNumbers,
        })
      ).byIncident[command.incidentId];
    await this.run({ ...command, type: 'DeclareIncident', number }, context);
    return number;
  }

  async doc(orgId: string, id: string): Promise<IncidentDoc> {
    const doc = await incidentsView.find(this.store, orgId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: INCIDENT_NOT_FOUND });
    return doc;
  }

  async find(orgId: string, id: string): Promise<Incident> {
    return this.present(await this.doc(orgId, id));
  }

  async present(doc: IncidentDoc): Promise<Incident> {
    const [tasks, followUps, settings] = await Promise.all([
      incidentTasksView.ofIncident(this.store, doc.orgId, doc._id),
      incidentFollowUpsView.ofIncident(this.store, doc.orgId, doc._id),
      this.settings(doc.orgId),
    ]);
    return presentIncident(doc, tasks, followUps, settings);
  }

  async list(orgId: string, filters: IncidentFilters): Promise<IncidentsResponse> {
    const { total, docs } = await incidentsView.list(this.store, orgId, filters);
    return { data: docs.map(presentIncidentSummary), pagination: pagination(filters.page, filters.perPage, total) };
  }

  /**
   * A member of the caller's organization as its own stream says now (null and absent ask nothing): the
   * memberships view may lag a removal, and someone removed must not be named for a role or a task after it
   * (membership is checked when power is used; the team leavers read the same stream).
   */
  async memberFound(orgId: string, userId: string | null | undefined): Promise<boolean> {
    if (!userId) return false;
    const organization = await currentState(this.events, organizationStream(orgId), deciders.organization);
    return Object.prototype.hasOwnProperty.call(organization.members, userId);
  }

  async teamFound(orgId: string, teamId: string | null | undefined): Promise<boolean> {
    if (!teamId) return false;
    return (await teamsView.byId(this.store, orgId, teamId)) !== null;
  }

  /** 404 unless the incident is the caller's organization's (before anything is looked up for it). */
  async ensure(orgId: string, id: string): Promise<IncidentDoc> {
    return this.doc(orgId, id);
  }
}

export const invalidField = (field: string, message: string) =>
  new DomainError(message, 'invalid', { [field]: [message] });
