import { DomainError } from '../../shared/event';
import { FIELD_MESSAGES } from '../../shared/field-rules';

/**
 * A retrospective template (issue 21): named, ordered sections, each with ordered questions (text prompts). A
 * retrospective copies its template's sections and questions when it starts, so editing a template changes no
 * retrospective under way. Section and question ids follow their position (`s1`, `s1q2`): they are made here,
 * never chosen by a client, and only the retrospective that copied them reads them.
 */
export interface RetrospectiveQuestion {
  id: string;
  prompt: string;
}

export interface RetrospectiveSection {
  id: string;
  title: string;
  questions: RetrospectiveQuestion[];
}

export interface RetrospectiveTemplateContent {
  name: string;
  description: string;
  sections: RetrospectiveSection[];
}

/** What a request carries: the same without ids (they follow the order). */
export interface RetrospectiveTemplateInput {
  name: unknown;
  description?: unknown;
  sections: unknown;
}

export const RETROSPECTIVE_TEMPLATE_NAME_MAX_LENGTH = 100;
export const RETROSPECTIVE_TEMPLATE_DESCRIPTION_MAX_LENGTH = 1000;
export const RETROSPECTIVE_SECTION_TITLE_MAX_LENGTH = 100;
export const RETROSPECTIVE_QUESTION_MAX_LENGTH = 500;
export const RETROSPECTIVE_SECTIONS_MAX = 20;
export const RETROSPECTIVE_QUESTIONS_MAX = 10;

export const RETROSPECTIVE_SECTIONS_MESSAGE = `sections must hold from 1 to ${RETROSPECTIVE_SECTIONS_MAX} sections`;
export const RETROSPECTIVE_QUESTIONS_MESSAGE = `questions must hold at most ${RETROSPECTIVE_QUESTIONS_MAX} questions`;
export const RETROSPECTIVE_TEMPLATE_NOT_FOUND = 'Retrospective template not found';
export const RETROSPECTIVE_TEMPLATE_STALE =
  'Someone else saved this template since you opened it: here is what it says now.';

const COPY_PREFIX = 'Copy of ';

/** "Copy of X", cut to fit the name's limit. */
export const copyName = (name: string) =>
  `${COPY_PREFIX}${name}`.slice(0, RETROSPECTIVE_TEMPLATE_NAME_MAX_LENGTH).trim();

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkText(
  errors: Record<string, string[]>,
  field: string,
  value: unknown,
  max: number,
  required: boolean,
): string {
  if (value !== undefined && value !== null && typeof value !== 'string') {
    errors[field] = [`${field} must be a \`string\` type`];
    return '';
  }
  const trimmed = text(value);
  if (required && !trimmed) errors[field] = [FIELD_MESSAGES.required(field)];
  else if (trimmed.length > max) errors[field] = [FIELD_MESSAGES.maxLength(field, max)];
  return trimmed;
}

/**
 * Every field's message at once, named as the request names it (`sections[1].questions[0]`); the content with
 * text trimmed, empty questions dropped and ids by position. Throws a DomainError ('invalid') with `fields`.
 */
export function validRetrospectiveTemplate(input: RetrospectiveTemplateInput): RetrospectiveTemplateContent {
  const errors: Record<string, string[]> = {};
  const name = checkText(errors, 'name', input.name, RETROSPECTIVE_TEMPLATE_NAME_MAX_LENGTH, true);
  const description = checkText(
    errors,
    'description',
    input.description,
    RETROSPECTIVE_TEMPLATE_DESCRIPTION_MAX_LENGTH,
    false,
  );
  const rawSections = Array.isArray(input.sections) ? input.sections : null;
  const sections: RetrospectiveSection[] = [];
  if (!rawSections || rawSections.length === 0 || rawSections.length > RETROSPECTIVE_SECTIONS_MAX) {
    errors.sections = [RETROSPECTIVE_SECTIONS_MESSAGE];
  } else {
    rawSections.forEach((raw, s) => {
      const at = `sections[${s}]`;
      const section = isRecord(raw) ? raw : {};
      const title = checkText(errors, `${at}.title`, section.title, RETROSPECTIVE_SECTION_TITLE_MAX_LENGTH, true);
      const rawQuestions = section.questions === undefined ? [] : section.questions;
      if (!Array.isArray(rawQuestions) || rawQuestions.length > RETROSPECTIVE_QUESTIONS_MAX) {
        errors[`${at}.questions`] = [`${at}.${RETROSPECTIVE_QUESTIONS_MESSAGE}`];
        return;
      }
      const prompts = rawQuestions.map((question, q) =>
        checkText(errors, `${at}.questions[${q}]`, question, RETROSPECTIVE_QUESTION_MAX_LENGTH, false),
      );
      const id = `s${s + 1}`;
      sections.push({
        id,
        title,
        questions: prompts.filter(Boolean).map((prompt, q) => ({ id: `${id}q${q + 1}`, prompt })),
      });
    });
  }
  if (Object.keys(errors).length > 0) throw new DomainError(Object.values(errors)[0][0], 'invalid', errors);
  return { name, description, sections };
}

export const sameTemplateContent = (a: RetrospectiveTemplateContent, b: RetrospectiveTemplateContent) =>
  JSON.stringify(a) === JSON.stringify(b);
