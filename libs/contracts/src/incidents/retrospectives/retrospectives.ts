/** The three states of a retrospective, in order (a review can send it back to in_progress). */
export type RetrospectiveStatusName = 'in_progress' | 'in_review' | 'completed';

/** One block of the document as people read it (the same the Markdown and PDF exports render). */
export type RetrospectiveDocumentBlock =
  | { kind: 'table'; columns: string[]; rows: string[][]; empty: string }
  | { kind: 'list'; items: string[]; empty: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'question'; prompt: string; answer: string | null };

/** A question's answer: `revision` counts its saves (0: never answered); an answer names the one it was made on. */
export interface RetrospectiveAnswerState {
  question_id: string;
  answer: string;
  revision: number;
  answered_by: string | null;
  answered_by_name: string | null;
  answered_at: string | null;
}

/** GET /api/v1/incidents/{id}/retrospective: the retrospective with its document pre-filled from the incident now. */
export interface Retrospective {
  incident_id: string;
  incident_reference: string;
  incident_name: string;
  template_id: string;
  status: RetrospectiveStatusName;
  /** The template's sections as they were when it started; each question's answer is in `answers`. */
  sections: Array<{ id: string; title: string; questions: Array<{ id: string; prompt: string }> }>;
  /** One per question of `sections`, in order. */
  answers: RetrospectiveAnswerState[];
  contributing_factors: Array<{ id: string; text: string }>;
  /** The document (title and sections, the pre-filled parts among them) as exported. */
  document: { title: string; sections: Array<{ title: string; blocks: RetrospectiveDocumentBlock[] }> };
  started_at: string;
  updated_at: string;
}

export interface RetrospectiveResponse {
  data: Retrospective;
}

export interface StartRetrospectiveRequest {
  template_id: string;
}
export interface AnswerRetrospectiveQuestionRequest {
  answer: string;
  revision: number;
}
export interface AddContributingFactorRequest {
  text: string;
}
export interface ChangeRetrospectiveStatusRequest {
  status: RetrospectiveStatusName;
}

/** A 409 on a stale answer carries the answer as it is now (the other person's). */
export interface RetrospectiveAnswerConflict {
  error: 'conflict';
  message: string;
  current: RetrospectiveAnswerState;
}
