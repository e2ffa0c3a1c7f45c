import type { RetrospectiveSection, RetrospectiveTemplateContent } from './template';

/** `revision` counts the template's saves: 1 when made; the default template is at 0 until first changed. */
export type RetrospectiveTemplateCreated = {
  type: 'RetrospectiveTemplateCreated';
  data: {
    templateId: string;
    orgId: string;
    revision: number;
    copiedFrom: string | null;
  } & RetrospectiveTemplateContent;
};
/** The whole content as saved (the default template's first change also makes its document). */
export type RetrospectiveTemplateChanged = {
  type: 'RetrospectiveTemplateChanged';
  data: { templateId: string; orgId: string; revision: number } & RetrospectiveTemplateContent;
};
export type RetrospectiveTemplateDeleted = {
  type: 'RetrospectiveTemplateDeleted';
  data: { templateId: string; orgId: string };
};

export type RetrospectiveTemplateEvent =
  RetrospectiveTemplateCreated | RetrospectiveTemplateChanged | RetrospectiveTemplateDeleted;

/** The default template has the same id in every organization: the stream names the organization too. */
export const retrospectiveTemplateStream = (orgId: string, templateId: string) =>
  `retrospectiveTemplate-${orgId}-${templateId}`;

export const RETROSPECTIVE_STATES = ['in_progress', 'in_review', 'completed'] as const;
export type RetrospectiveStatus = (typeof RETROSPECTIVE_STATES)[number];

/** A retrospective starts from a copy of its template's sections (later template edits change nothing here). */
export type RetrospectiveStarted = {
  type: 'RetrospectiveStarted';
  data: { incidentId: string; orgId: string; templateId: string; sections: RetrospectiveSection[]; at: string };
};
/** `revision` is the answer's own: each question is edited without overwriting another's. */
export type RetrospectiveQuestionAnswered = {
  type: 'RetrospectiveQuestionAnswered';
  data: { incidentId: string; questionId: string; answer: string; revision: number; by: string; at: string };
};
export type ContributingFactorAdded = {
  type: 'ContributingFactorAdded';
  data: { incidentId: string; factorId: string; text: string; by: string; at: string };
};
export type ContributingFactorRemoved = {
  type: 'ContributingFactorRemoved';
  data: { incidentId: string; factorId: string; by: string; at: string };
};
export type RetrospectiveStatusChanged = {
  type: 'RetrospectiveStatusChanged';
  data: { incidentId: string; from: RetrospectiveStatus; to: RetrospectiveStatus; by: string; at: string };
};

export type RetrospectiveEvent =
  | RetrospectiveStarted
  | RetrospectiveQuestionAnswered
  | ContributingFactorAdded
  | ContributingFactorRemoved
  | RetrospectiveStatusChanged;

/** One retrospective per incident. */
export const retrospectiveStream = (incidentId: string) => `retrospective-${incidentId}`;
