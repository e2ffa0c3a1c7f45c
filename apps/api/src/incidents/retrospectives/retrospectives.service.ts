import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { describeIncidentEvent, ViewNames, type Retrospective, type RetrospectiveAnswerState } from '@tocsin/contracts';
import {
  buildRetrospectiveDocument,
  incidentReference,
  RETROSPECTIVE_NOT_FOUND,
  retrospectiveTimeline,
  StaleRevisionError,
  type RetrospectiveAnswer,
  type RetrospectiveCommand,
  type RetrospectiveDocument,
} from '@tocsin/domain';
import {
  incidentFollowUpsView,
  incidentTimelineView,
  retrospectivesView,
  type IncidentDoc,
  type IncidentTimelineDoc,
  type RetrospectiveDoc,
} from '@tocsin/read-models';
import { retrospectiveCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import type { DistributiveOmit } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';
import { IncidentTimelineService } from '../incidents/incident-timeline.service';
import { IncidentsService } from '../incidents/incidents.service';

/** A retrospective with its document, and what the exports need to name the file. */
export interface PresentedRetrospective {
  incident: IncidentDoc;
  retrospective: Retrospective;
  document: RetrospectiveDocument;
}

/**
 * An incident's retrospective: commands through its decider (keyed by the incident), reads from its view, and the
 * document built from the incident as it is now (milestones and durations from the organization's incident
 * settings, starred timeline entries, roles and follow-ups with people's names).
 */
@Injectable()
export class RetrospectivesService {
  constructor(
    private readonly commands: Commands,
    readonly incidents: IncidentsService,
    private readonly timeline: IncidentTimelineService,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /** A stale answer is refused 409 with the answer as the decider saw it now (the other person's). */
  async run(command: DistributiveOmit<RetrospectiveCommand, 'orgId'>, context: RequestContext) {
    try {
      return await this.commands.run(retrospectiveCommand(command, context), ViewNames.retrospectives);
    } catch (error) {
      if (!(error instanceof StaleRevisionError) || command.type !== 'AnswerRetrospectiveQuestion') throw error;
      const current = error.current as RetrospectiveAnswer | null;
      const names = await this.timeline.names(context.orgId, current?.by ? [current.by] : []);
      throw new ConflictException({
        error: 'conflict',
        message: error.message,
        current: presentAnswer(command.questionId, current, names),
      });
    }
  }

  /** The incident's retrospective: 404 for another organization's incident, or when none has started. */
  async presented(orgId: string, incidentId: string): Promise<PresentedRetrospective> {
    const incident = await this.incidents.doc(orgId, incidentId);
    const doc = await retrospectivesView.of(this.store, orgId, incidentId);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: RETROSPECTIVE_NOT_FOUND });
    return this.present(incident, doc);
  }

  async find(orgId: string, incidentId: string): Promise<Retrospective> {
    return (await this.presented(orgId, incidentId)).retrospective;
  }

  private async present(incident: IncidentDoc, doc: RetrospectiveDoc): Promise<PresentedRetrospective> {
    const { orgId, _id: incidentId } = incident;
    const [settings, followUps, starred] = await Promise.all([
      this.incidents.settings(orgId),
      incidentFollowUpsView.ofIncident(this.store, orgId, incidentId),
      Promise.all(incident.starred.map((p) => incidentTimelineView.entry(this.store, orgId, incidentId, p))),
    ]);
    const entries = starred
      .filter((entry): entry is IncidentTimelineDoc => entry !== null)
      .sort((a, b) => a.at.localeCompare(b.at) || a.position - b.position);
    const people = [
      ...Object.values(incident.roles),
      ...followUps.map((f) => f.ownerId),
      ...entries.map((e) => e.actorId),
      ...doc.answers.map((a) => a.by),
    ].filter((id): id is string => !!id);
    const [names, entryNames] = await Promise.all([
      this.timeline.names(orgId, [...new Set(people)]),
      this.timeline.entryNames(orgId, entries),
    ]);
    const name = (id: string | null | undefined) => (id ? (names[id] ?? id) : null);
    const reached = Object.entries(incident.milestones).map(([key, at]) => ({ key, at }));
    const document = buildRetrospectiveDocument(
      { name: '', description: '', sections: doc.sections },
      {
        incident: {
          name: `${incidentReference(incident.number)}: ${incident.name}`,
          severity: settings.severities.find((s) => s.id === incident.severityId)?.name ?? null,
          summary: incident.summary || undefined,
        },
        status: doc.status,
        ...retrospectiveTimeline(settings, reached),
        starredEntries: entries.map((entry) => ({
          at: entry.at,
          actor: entry.actorId ? (name(entry.actorId) ?? '') : 'Tocsin',
          text: describeIncidentEvent(entry, entryNames),
        })),
        roles: settings.roles.map((role) => ({ role: role.name, person: name(incident.roles[role.id]) })),
        followUps: followUps.map((f) => ({
          title: f.title,
          owner: name(f.ownerId),
          due: f.dueAt ? f.dueAt.slice(0, 10) : null,
          status: f.status.replace('_', ' '),
        })),
        contributingFactors: doc.factors.map((f) => f.text),
        answers: doc.answers.map((a) => ({ questionId: a.questionId, answer: a.answer })),
      },
    );
    const answers = new Map(doc.answers.map((a) => [a.questionId, a]));
    const retrospective: Retrospective = {
      incident_id: incidentId,
      incident_reference: incidentReference(incident.number),
      incident_name: incident.name,
      template_id: doc.templateId,
      status: doc.status,
      sections: doc.sections,
      answers: doc.sections.flatMap((section) =>
        section.questions.map((q) => {
          const answer = answers.get(q.id);
          return presentAnswer(q.id, answer ? { ...answer, by: answer.by ?? '' } : null, names);
        }),
      ),
      contributing_factors: doc.factors.map((f) => ({ id: f.factorId, text: f.text })),
      document,
      started_at: doc.started_at,
      updated_at: doc.updated_at,
    };
    return { incident, retrospective, document };
  }
}

function presentAnswer(
  questionId: string,
  answer: Pick<RetrospectiveAnswer, 'answer' | 'revision' | 'by' | 'at'> | null,
  names: Record<string, string>,
): RetrospectiveAnswerState {
  return {
    question_id: questionId,
    answer: answer?.answer ?? '',
    revision: answer?.revision ?? 0,
    answered_by: answer?.by || null,
    answered_by_name: answer?.by ? (names[answer.by] ?? null) : null,
    answered_at: answer?.at ?? null,
  };
}
