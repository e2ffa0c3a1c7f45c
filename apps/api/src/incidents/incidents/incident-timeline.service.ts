import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  incidentNames,
  type IncidentAsOfResponse,
  type IncidentChangesResponse,
  type IncidentNames,
  type IncidentTimelineResponse,
} from '@tocsin/contracts';
import { incidentStream } from '@tocsin/domain';
import { applyBatch, MemoryReadStore } from '@tocsin/platform';
import {
  incidentFollowUpsProjection,
  incidentFollowUpsView,
  incidentsProjection,
  incidentsView,
  incidentTasksProjection,
  incidentTasksView,
  incidentTimelineView,
  incidentVisitsView,
  membershipsView,
  teamsView,
  usersView,
  type IncidentTimelineDoc,
} from '@tocsin/read-models';
import { incidentVisitCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '../../runtime/ports';
import type { RequestContext } from '../../shared/request-context';
import { presentEntry, presentIncident } from './incident-present';
import { IncidentsService, invalidField } from './incidents.service';

/** The most entries one timeline answer holds; a longer one is read on from its last position. */
export const TIMELINE_MAX = 1000;
const DEFAULT_TIMELINE = 500;

/**
 * The incident's record (issue 21): its timeline, the catch-up after a lost connection (`after` a position:
 * nothing missed, nothing twice), what changed since this person last looked, and the incident as it was at any
 * of its events (the history's "as of": its own events replayed in memory, the live views untouched).
 */
@Injectable()
export class IncidentTimelineService {
  constructor(
    private readonly incidents: IncidentsService,
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async timeline(
    orgId: string,
    id: string,
    query: { order?: 'asc' | 'desc'; after?: number; limit?: number },
  ): Promise<IncidentTimelineResponse> {
    const doc = await this.incidents.doc(orgId, id);
    const entries = await incidentTimelineView.of(this.store, orgId, id, {
      order: query.order ?? 'desc',
      after: query.after,
      limit: query.limit ?? DEFAULT_TIMELINE,
    });
    return { data: entries.map(presentEntry), last_position: doc.position };
  }

  async changes(context: RequestContext, id: string): Promise<IncidentChangesResponse> {
    const visit = await incidentVisitsView.of(this.store, context.orgId, id, context.actorId ?? '');
    const last = visit?.position ?? null;
    const answer = await this.timeline(context.orgId, id, {
      order: 'asc',
      after: last ?? undefined,
      limit: TIMELINE_MAX,
    });
    return { ...answer, last_visited_position: last, last_visited_at: visit?.at ?? null };
  }

  /** Where this person looked last: the position given (one of the incident's, at most its latest) or the latest. */
  async visit(context: RequestContext, id: string, position: number | undefined): Promise<IncidentChangesResponse> {
    const doc = await this.incidents.doc(context.orgId, id);
    if (position !== undefined && position > doc.position)
      throw invalidField('position', `position must be at most the incident's latest, ${doc.position}`);
    if (context.actorId) {
      const command = { incidentId: id, userId: context.actorId, position: position ?? doc.position };
      await this.commands.run(incidentVisitCommand(command, context), incidentVisitsView.name);
    }
    return this.changes(context, id);
  }

  async entryFound(orgId: string, id: string, position: number): Promise<boolean> {
    return (await incidentTimelineView.entry(this.store, orgId, id, position)) !== null;
  }

  /** Every entry, sorted by time (then log order), with the names they need (who acted, who was named). */
  async sortedForExport(orgId: string, id: string) {
    const doc = await this.incidents.doc(orgId, id);
    const entries: IncidentTimelineDoc[] = [];
    for (let after: number | undefined; ;) {
      const page = await incidentTimelineView.of(this.store, orgId, id, { order: 'asc', after, limit: TIMELINE_MAX });
      entries.push(...page);
      if (page.length < TIMELINE_MAX) break;
      after = page[page.length - 1].position;
    }
    entries.sort((a, b) => a.at.localeCompare(b.at) || a.position - b.position);
    return { doc, entries, names: await this.entryNames(orgId, entries) };
  }

  /**
   * What `describeIncidentEvent` needs to name these entries: the settings, the people who acted or were given a
   * role, the teams paged or set; times as recorded (ISO-8601), as the exports and the retrospective show them.
   */
  async entryNames(orgId: string, entries: IncidentTimelineDoc[]): Promise<IncidentNames> {
    const people = new Set<string>();
    const teams = new Set<string>();
    for (const entry of entries) {
      if (entry.actorId) people.add(entry.actorId);
      const data = entry.data as { userId?: unknown; teamId?: unknown; changes?: unknown };
      if (entry.kind === 'role_assigned' && typeof data.userId === 'string') people.add(data.userId);
      if ((entry.kind === 'team_paged' || entry.kind === 'team_page_failed') && typeof data.teamId === 'string')
        teams.add(data.teamId);
      if (entry.kind === 'fields_changed' && Array.isArray(data.changes))
        for (const change of data.changes as Array<{ field: string; value: unknown; previous: unknown }>)
          for (const value of change.field === 'teamId' ? [change.value, change.previous] : [])
            if (typeof value === 'string') teams.add(value);
    }
    const [settings, names, teamDocs] = await Promise.all([
      this.incidents.settings(orgId),
      this.names(orgId, [...people]),
      teams.size ? teamsView.find(this.store, { orgId, _id: { $in: [...teams] } }) : [],
    ]);
    const teamNames = Object.fromEntries(teamDocs.map((team) => [team._id, team.name]));
    return incidentNames(settings, { people: names, teams: teamNames, time: (iso) => iso });
  }

  /** Names of the organization's members among `userIds` (anyone else stays unnamed). */
  async names(orgId: string, userIds: string[]): Promise<Record<string, string>> {
    if (userIds.length === 0) return {};
    const members = await membershipsView.find(this.store, { orgId, userId: { $in: userIds } });
    const users = await usersView.byIds(
      this.store,
      members.map((m) => m.userId),
    );
    return Object.fromEntries(users.map((user) => [user._id, user.name || user.email]));
  }

  async asOf(orgId: string, id: string, position: number): Promise<IncidentAsOfResponse> {
    const own = (await this.events.readStream(incidentStream(id))).filter((e) => e.metadata.orgId === orgId);
    if (own.length === 0) throw new NotFoundException({ error: 'not_found', message: 'Incident not found' });
    const upTo = own.filter((e) => e.position <= position);
    if (upTo.length === 0) throw invalidField('position', 'position must be at or after the incident was declared');
    const replayed = new MemoryReadStore();
    for (const projection of [incidentsProjection, incidentTasksProjection, incidentFollowUpsProjection])
      await applyBatch(replayed, projection, { position: null, version: projection.version }, upTo);
    const doc = (await incidentsView.find(replayed, orgId, id))!;
    const [tasks, followUps, settings] = await Promise.all([
      incidentTasksView.ofIncident(replayed, orgId, id),
      incidentFollowUpsView.ofIncident(replayed, orgId, id),
      this.incidents.settings(orgId),
    ]);
    const last = upTo[upTo.length - 1];
    return {
      data: {
        position: last.position,
        at: last.metadata.occurredAt,
        incident: presentIncident(doc, tasks, followUps, settings),
      },
    };
  }
}
