import type {
  RetrospectiveTemplate,
  RetrospectiveTemplateConflict,
  RetrospectiveTemplateRequest,
} from '@tocsin/contracts';
import { copyName, DomainError, validRetrospectiveTemplate } from '@tocsin/domain';
import type { Resolver } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { formErrors } from '@/features/signals/shared/lib/field-errors';

/** Questions are objects here: react-hook-form keeps a list of fields by object. */
export interface TemplateFormValues {
  name: string;
  description: string;
  sections: Array<{ title: string; questions: Array<{ prompt: string }> }>;
}

export const emptySection = () => ({ title: '', questions: [{ prompt: '' }] });

export const templateFormValues = (template?: RetrospectiveTemplate): TemplateFormValues =>
  template
    ? {
        name: template.name,
        description: template.description,
        sections: template.sections.map((section) => ({
          title: section.title,
          questions: section.questions.map((question) => ({ prompt: question.prompt })),
        })),
      }
    : { name: '', description: '', sections: [emptySection()] };

/** The copy page starts from the template, named as the API names a copy. */
export const copyFormValues = (template: RetrospectiveTemplate): TemplateFormValues => ({
  ...templateFormValues(template),
  name: copyName(template.name),
});

export const templateRequest = (values: TemplateFormValues): RetrospectiveTemplateRequest => ({
  name: values.name.trim(),
  description: values.description.trim(),
  sections: values.sections.map((section) => ({
    title: section.title.trim(),
    questions: section.questions.map((question) => question.prompt.trim()).filter(Boolean),
  })),
});

// the template rules themselves, so the form says what the API would, before the round trip
export const templateResolver: Resolver<TemplateFormValues> = async (values) => {
  try {
    validRetrospectiveTemplate(templateRequest(values));
    return { values, errors: {} };
  } catch (error) {
    if (!(error instanceof DomainError) || !error.fields) throw error;
    const fold = (key: string) => key.replace(/(questions\[\d+\])$/, '$1.prompt');
    return { values: {}, errors: formErrors<TemplateFormValues>(error.fields, fold) };
  }
};

/** The template as someone else saved it, when a save was refused for a stale revision. */
export function conflictOf(error: unknown): RetrospectiveTemplate | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return (error.body as Partial<RetrospectiveTemplateConflict>).current ?? null;
}
