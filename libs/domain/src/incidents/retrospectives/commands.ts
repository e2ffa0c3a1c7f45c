import type { RetrospectiveStatus } from './events';
import type { RetrospectiveSection, RetrospectiveTemplateInput } from './template';

/** `orgId` is the caller's (from the session); `templateId` is made by the api, never chosen by a client. */
export type CreateRetrospectiveTemplate = {
  type: 'CreateRetrospectiveTemplate';
  templateId: string;
  orgId: string;
  copiedFrom?: string | null;
} & RetrospectiveTemplateInput;

/** `revision` is the one the editor saw: a stale one is refused with the template as it is now. */
export type ChangeRetrospectiveTemplate = {
  type: 'ChangeRetrospectiveTemplate';
  templateId: string;
  orgId: string;
  revision: number;
} & Partial<RetrospectiveTemplateInput>;

export type DeleteRetrospectiveTemplate = { type: 'DeleteRetrospectiveTemplate'; templateId: string; orgId: string };

export type RetrospectiveTemplateCommand =
  CreateRetrospectiveTemplate | ChangeRetrospectiveTemplate | DeleteRetrospectiveTemplate;

type OnRetrospective = { incidentId: string; orgId: string; by: string; at: string };

/** The api copies the template's sections in (from the template view) when the retrospective starts. */
export type StartRetrospective = {
  type: 'StartRetrospective';
  templateId: string;
  sections: RetrospectiveSection[];
} & OnRetrospective;
/** `revision` is the answer's revision the editor saw (0: it had no answer yet). */
export type AnswerRetrospectiveQuestion = {
  type: 'AnswerRetrospectiveQuestion';
  questionId: string;
  answer: string;
  revision: number;
} & OnRetrospective;
/** `factorId` is made by the api. */
export type AddContributingFactor = { type: 'AddContributingFactor'; factorId: string; text: string } & OnRetrospective;
export type RemoveContributingFactor = { type: 'RemoveContributingFactor'; factorId: string } & OnRetrospective;
export type ChangeRetrospectiveStatus = {
  type: 'ChangeRetrospectiveStatus';
  status: RetrospectiveStatus;
} & OnRetrospective;

export type RetrospectiveCommand =
  | StartRetrospective
  | AnswerRetrospectiveQuestion
  | AddContributingFactor
  | RemoveContributingFactor
  | ChangeRetrospectiveStatus;
