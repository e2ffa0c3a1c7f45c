import { DomainError } from '../../shared/event';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import type { RetrospectiveCommand, RetrospectiveTemplateCommand } from './commands';
import type { RetrospectiveEvent, RetrospectiveStatus, RetrospectiveTemplateEvent } from './events';
import { StaleRevisionError } from './stale-revision';
import {
  currentTemplate,
  type RetrospectiveAnswer,
  type RetrospectiveState,
  type RetrospectiveTemplateState,
} from './state';
import {
  RETROSPECTIVE_TEMPLATE_NOT_FOUND,
  RETROSPECTIVE_TEMPLATE_STALE,
  sameTemplateContent,
  validRetrospectiveTemplate,
  type RetrospectiveTemplateContent,
} from './template';

/** Templates: made (or copied), changed with the revision the editor saw, deleted. */
export function decideRetrospectiveTemplate(
  command: RetrospectiveTemplateCommand,
  state: RetrospectiveTemplateState,
): RetrospectiveTemplateEvent[] {
  const { templateId, orgId } = command;
  if (command.type === 'CreateRetrospectiveTemplate') {
    if (state.status !== 'absent' || currentTemplate(state, orgId, templateId)) {
      throw new DomainError('The retrospective template already exists', 'conflict');
    }
    const content = validRetrospectiveTemplate(command);
    const copiedFrom = command.copiedFrom ?? null;
    return [{ type: 'RetrospectiveTemplateCreated', data: { templateId, orgId, revision: 1, copiedFrom, ...content } }];
  }
  const current = currentTemplate(state, orgId, templateId);
  // another organization's template, like a deleted one, does not exist for this caller
  if (!current) throw new DomainError(RETROSPECTIVE_TEMPLATE_NOT_FOUND, 'not_found');
  switch (command.type) {
    case 'ChangeRetrospectiveTemplate': {
      if (command.revision !== current.revision) {
        throw new StaleRevisionError<RetrospectiveTemplateContent & { revision: number }>(
          RETROSPECTIVE_TEMPLATE_STALE,
          {
            ...current.content,
            revision: current.revision,
          },
        );
      }
      const next = validRetrospectiveTemplate({
        name: command.name ?? current.content.name,
        description: command.description ?? current.content.description,
        sections:
          command.sections ??
          current.content.sections.map(({ title, questions }) => ({
            title,
            questions: questions.map((question) => question.prompt),
          })),
      });
      if (sameTemplateContent(next, current.content)) return [];
      return [
        { type: 'RetrospectiveTemplateChanged', data: { templateId, orgId, revision: current.revision + 1, ...next } },
      ];
    }
    case 'DeleteRetrospectiveTemplate':
      return [{ type: 'RetrospectiveTemplateDeleted', data: { templateId, orgId } }];
  }
}

export const RETROSPECTIVE_ANSWER_MAX_LENGTH = 20000;
export const CONTRIBUTING_FACTOR_MAX_LENGTH = 500;
export const CONTRIBUTING_FACTORS_MAX = 50;
export const RETROSPECTIVE_NOT_FOUND = 'Retrospective not found';
export const RETROSPECTIVE_COMPLETED = 'The retrospective is completed: reopen it for review before changing it';
export const RETROSPECTIVE_ANSWER_STALE =
  'Someone else answered this question since you opened it: here is their answer.';

/** in progress -> in review -> completed; a review can send it back to in progress. */
const NEXT: Record<RetrospectiveStatus, readonly RetrospectiveStatus[]> = {
  in_progress: ['in_review'],
  in_review: ['in_progress', 'completed'],
  completed: [],
};

const invalid = (field: string, message: string): never => {
  throw new DomainError(message, 'invalid', { [field]: [message] });
};

function checkedText(field: string, value: unknown, max: number, required: boolean): string {
  if (typeof value !== 'string') return invalid(field, FIELD_MESSAGES.required(field));
  const trimmed = value.trim();
  if (required && !trimmed) invalid(field, FIELD_MESSAGES.required(field));
  if (trimmed.length > max) invalid(field, FIELD_MESSAGES.maxLength(field, max));
  return trimmed;
}

/** One incident's retrospective: answers per question (no overwrite), contributing factors, its status. */
export function decideRetrospective(command: RetrospectiveCommand, state: RetrospectiveState): RetrospectiveEvent[] {
  const { incidentId, orgId, by, at } = command;
  if (command.type === 'StartRetrospective') {
    if (state.status !== 'absent') throw new DomainError('The retrospective has started already', 'conflict');
    const { templateId, sections } = command;
    return [{ type: 'RetrospectiveStarted', data: { incidentId, orgId, templateId, sections, at } }];
  }
  if (state.status === 'absent' || state.orgId !== orgId) throw new DomainError(RETROSPECTIVE_NOT_FOUND, 'not_found');
  if (command.type === 'ChangeRetrospectiveStatus') {
    const from = state.status;
    if (command.status === from) return [];
    if (!NEXT[from].includes(command.status)) {
      throw new DomainError(
        `A retrospective ${from.replace('_', ' ')} cannot become ${command.status.replace('_', ' ')}`,
        'conflict',
      );
    }
    return [{ type: 'RetrospectiveStatusChanged', data: { incidentId, from, to: command.status, by, at } }];
  }
  if (state.status === 'completed') throw new DomainError(RETROSPECTIVE_COMPLETED, 'conflict');
  switch (command.type) {
    case 'AnswerRetrospectiveQuestion': {
      const { questionId } = command;
      const known = state.sections.some((section) => section.questions.some((question) => question.id === questionId));
      if (!known) throw new DomainError('Question not found', 'not_found');
      const answer = checkedText('answer', command.answer, RETROSPECTIVE_ANSWER_MAX_LENGTH, false);
      const current = state.answers.find((a) => a.questionId === questionId);
      const revision = current?.revision ?? 0;
      if (command.revision !== revision) {
        throw new StaleRevisionError<RetrospectiveAnswer | null>(RETROSPECTIVE_ANSWER_STALE, current ?? null);
      }
      if ((current?.answer ?? '') === answer) return [];
      return [
        {
          type: 'RetrospectiveQuestionAnswered',
          data: { incidentId, questionId, answer, revision: revision + 1, by, at },
        },
      ];
    }
    case 'AddContributingFactor': {
      const text = checkedText('text', command.text, CONTRIBUTING_FACTOR_MAX_LENGTH, true);
      if (state.factors.some((factor) => factor.factorId === command.factorId)) return [];
      if (state.factors.length >= CONTRIBUTING_FACTORS_MAX) {
        invalid('text', `A retrospective holds at most ${CONTRIBUTING_FACTORS_MAX} contributing factors`);
      }
      return [{ type: 'ContributingFactorAdded', data: { incidentId, factorId: command.factorId, text, by, at } }];
    }
    case 'RemoveContributingFactor':
      if (!state.factors.some((factor) => factor.factorId === command.factorId)) {
        throw new DomainError('Contributing factor not found', 'not_found');
      }
      return [{ type: 'ContributingFactorRemoved', data: { incidentId, factorId: command.factorId, by, at } }];
  }
}
