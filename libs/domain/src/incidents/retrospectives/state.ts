import { DEFAULT_RETROSPECTIVE_TEMPLATE, DEFAULT_RETROSPECTIVE_TEMPLATE_ID } from './defaults';
import type { RetrospectiveEvent, RetrospectiveStatus, RetrospectiveTemplateEvent } from './events';
import type { RetrospectiveSection, RetrospectiveTemplateContent } from './template';

export interface RetrospectiveTemplateState {
  /** 'deleted' keeps the id taken. */
  status: 'absent' | 'active' | 'deleted';
  orgId: string | null;
  content: RetrospectiveTemplateContent | null;
  revision: number;
}

export const initialRetrospectiveTemplate = (): RetrospectiveTemplateState => ({
  status: 'absent',
  orgId: null,
  content: null,
  revision: 0,
});

export function evolveRetrospectiveTemplate(
  state: RetrospectiveTemplateState,
  event: RetrospectiveTemplateEvent,
): RetrospectiveTemplateState {
  switch (event.type) {
    case 'RetrospectiveTemplateCreated':
    case 'RetrospectiveTemplateChanged': {
      const { orgId, revision, name, description, sections } = event.data;
      return { status: 'active', orgId, revision, content: { name, description, sections } };
    }
    case 'RetrospectiveTemplateDeleted':
      return { ...state, status: 'deleted' };
  }
}

/**
 * The template a command in `orgId` sees on this stream: what was recorded, the default (revision 0) for the
 * organization's untouched `standard` template, or null (unknown, deleted, another organization's).
 */
export function currentTemplate(
  state: RetrospectiveTemplateState,
  orgId: string,
  templateId: string,
): { content: RetrospectiveTemplateContent; revision: number } | null {
  if (state.status === 'absent' && templateId === DEFAULT_RETROSPECTIVE_TEMPLATE_ID) {
    return { content: DEFAULT_RETROSPECTIVE_TEMPLATE, revision: 0 };
  }
  if (state.status !== 'active' || state.orgId !== orgId || !state.content) return null;
  return { content: state.content, revision: state.revision };
}

export interface RetrospectiveAnswer {
  questionId: string;
  answer: string;
  revision: number;
  by: string;
  at: string;
}

export interface RetrospectiveState {
  status: 'absent' | RetrospectiveStatus;
  orgId: string | null;
  sections: RetrospectiveSection[];
  answers: RetrospectiveAnswer[];
  factors: Array<{ factorId: string; text: string }>;
}

export const initialRetrospective = (): RetrospectiveState => ({
  status: 'absent',
  orgId: null,
  sections: [],
  answers: [],
  factors: [],
});

export function evolveRetrospective(state: RetrospectiveState, event: RetrospectiveEvent): RetrospectiveState {
  switch (event.type) {
    case 'RetrospectiveStarted':
      return {
        ...initialRetrospective(),
        status: 'in_progress',
        orgId: event.data.orgId,
        sections: event.data.sections,
      };
    case 'RetrospectiveQuestionAnswered': {
      const { questionId, answer, revision, by, at } = event.data;
      const others = state.answers.filter((a) => a.questionId !== questionId);
      return { ...state, answers: [...others, { questionId, answer, revision, by, at }] };
    }
    case 'ContributingFactorAdded':
      return { ...state, factors: [...state.factors, { factorId: event.data.factorId, text: event.data.text }] };
    case 'ContributingFactorRemoved':
      return { ...state, factors: state.factors.filter((f) => f.factorId !== event.data.factorId) };
    case 'RetrospectiveStatusChanged':
      return { ...state, status: event.data.to };
  }
}
