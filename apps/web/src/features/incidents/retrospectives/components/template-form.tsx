import { ActionIcon, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  RETROSPECTIVE_QUESTIONS_MAX,
  RETROSPECTIVE_SECTIONS_MAX,
  RETROSPECTIVE_TEMPLATE_DESCRIPTION_MAX_LENGTH,
  RETROSPECTIVE_TEMPLATE_NAME_MAX_LENGTH,
} from '@tocsin/domain';
import { useFieldArray, useForm, type Control, type UseFormRegister, type FieldErrors } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions } from '@/components/ui/form-actions';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { emptySection, templateResolver, type TemplateFormValues } from '../lib/template-form-values';

interface Props {
  label: string;
  defaultValues: TemplateFormValues;
  submitLabel: string;
  errorTitle: string;
  error: unknown;
  onSubmit: (values: TemplateFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** A template's name and description, and its sections in order, each with its questions in order. */
export function TemplateForm({ label, defaultValues, submitLabel, errorTitle, error, onSubmit, onCancel }: Props) {
  const { register, control, handleSubmit, watch, formState } = useForm<TemplateFormValues>({
    resolver: templateResolver,
    defaultValues,
  });
  const sections = useFieldArray({ control, name: 'sections' });
  const submit = handleSubmit((values) => onSubmit(values));
  useUnsavedChangesPrompt(formState.isDirty && !formState.isSubmitting && !formState.isSubmitSuccessful);
  const errors = formState.errors;
  const name = watch('name') ?? '';
  const description = watch('description') ?? '';
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate aria-label={label}>
      <Stack gap="md">
        {error != null && <ErrorAlert error={error} title={errorTitle} />}
        <TextInput
          label="Name"
          withAsterisk
          {...register('name')}
          error={errors.name?.message}
          description={`${name.length}/${RETROSPECTIVE_TEMPLATE_NAME_MAX_LENGTH}`}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          {...register('description')}
          error={errors.description?.message}
          description={`When to use it. ${description.length}/${RETROSPECTIVE_TEMPLATE_DESCRIPTION_MAX_LENGTH}`}
        />
        <Title order={2} size="h4">
          Sections
        </Title>
        {errors.sections?.message && (
          <Text c="red" size="sm" role="alert">
            {errors.sections.message}
          </Text>
        )}
        {sections.fields.map((field, index) => (
          <SectionFields
            key={field.id}
            index={index}
            count={sections.fields.length}
            control={control}
            register={register}
            errors={errors}
            onMove={(to) => sections.move(index, to)}
            onRemove={() => sections.remove(index)}
          />
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() => sections.append(emptySection())}
            disabled={sections.fields.length >= RETROSPECTIVE_SECTIONS_MAX}
          >
            Add section
          </Button>
        </Group>
        <FormActions submitLabel={submitLabel} submitting={formState.isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

interface SectionProps {
  index: number;
  count: number;
  control: Control<TemplateFormValues>;
  register: UseFormRegister<TemplateFormValues>;
  errors: FieldErrors<TemplateFormValues>;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function SectionFields({ index, count, control, register, errors, onMove, onRemove }: SectionProps) {
  const questions = useFieldArray({ control, name: `sections.${index}.questions` });
  const sectionErrors = errors.sections?.[index];
  const number = index + 1;
  return (
    <Card withBorder padding="md" component="fieldset" aria-label={`Section ${number}`} data-testid="template-section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`Section ${number} title`}
            withAsterisk
            {...register(`sections.${index}.title`)}
            error={sectionErrors?.title?.message}
          />
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Move section ${number} up`}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              <span aria-hidden>↑</span>
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Move section ${number} down`}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <span aria-hidden>↓</span>
            </ActionIcon>
            <ActionIcon
              variant="default"
              color="red"
              size="lg"
              aria-label={`Remove section ${number}`}
              disabled={count === 1}
              onClick={onRemove}
            >
              <span aria-hidden>✕</span>
            </ActionIcon>
          </Group>
        </Group>
        {questions.fields.map((field, q) => (
          <Group key={field.id} align="flex-end" wrap="nowrap" gap="xs">
            <TextInput
              style={{ flex: 1 }}
              label={`Question ${q + 1}`}
              placeholder="A prompt people answer, e.g. What slowed us down?"
              {...register(`sections.${index}.questions.${q}.prompt`)}
              error={sectionErrors?.questions?.[q]?.prompt?.message}
            />
            <ActionIcon
              variant="default"
              size="lg"
              mb={sectionErrors?.questions?.[q]?.prompt ? 22 : 0}
              aria-label={`Remove question ${q + 1} of section ${number}`}
              onClick={() => questions.remove(q)}
            >
              <span aria-hidden>✕</span>
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => questions.append({ prompt: '' })}
            disabled={questions.fields.length >= RETROSPECTIVE_QUESTIONS_MAX}
            aria-label={`Add question to section ${number}`}
          >
            Add question
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
