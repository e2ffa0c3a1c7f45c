import type { RetrospectiveEvent } from '@tocsin/domain';
import { retrospectivesView, type RetrospectiveDoc } from '../../../incidents/retrospectives.read-model';
import type { Projection, RecordedEvent } from '../../../projection';

/** Each incident's retrospective as its decider keeps it: sections, answers with their revisions, factors, status. */
export const retrospectivesProjection: Projection<RetrospectiveDoc> = {
  name: retrospectivesView.name,
  version: 1,
  collection: retrospectivesView.collection,
  indexes: retrospectivesView.indexes,
  handles: [
    'RetrospectiveStarted',
    'RetrospectiveQuestionAnswered',
    'ContributingFactorAdded',
    'ContributingFactorRemoved',
    'RetrospectiveStatusChanged',
  ],
  documentIds: (event) => [(event.data as { incidentId: string }).incidentId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as RetrospectiveEvent;
    const at = recorded.metadata.occurredAt;
    if (event.type === 'RetrospectiveStarted') {
      const { incidentId, orgId, templateId, sections } = event.data;
      return {
        _id: incidentId,
        orgId,
        incidentId,
        templateId,
        status: 'in_progress',
        sections,
        answers: [],
        factors: [],
        started_at: event.data.at,
        updated_at: at,
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'RetrospectiveQuestionAnswered': {
        const { questionId, answer, revision, by } = event.data;
        const others = doc.answers.filter((a) => a.questionId !== questionId);
        return {
          ...doc,
          answers: [...others, { questionId, answer, revision, by: by || null, at: event.data.at }],
          updated_at: at,
        };
      }
      case 'ContributingFactorAdded':
        if (doc.factors.some((f) => f.factorId === event.data.factorId)) return doc;
        return {
          ...doc,
          factors: [...doc.factors, { factorId: event.data.factorId, text: event.data.text }],
          updated_at: at,
        };
      case 'ContributingFactorRemoved':
        return { ...doc, factors: doc.factors.filter((f) => f.factorId !== event.data.factorId), updated_at: at };
      case 'RetrospectiveStatusChanged':
        return { ...doc, status: event.data.to, updated_at: at };
    }
  },
};
