import { yupResolver } from '@hookform/resolvers/yup';
import { Stack, Switch, TextInput } from '@mantine/core';
import type { TeamRequest } from '@tocsin/contracts';
import { TEAM_NAME_MAX_LENGTH } from '@tocsin/domain';
import { Controller, useForm } from 'react-hook-form';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { FormActions } from '@/components/ui/form-actions';

// The decider's bounds, so the form catches them before the round trip.
const schema = yup.object({
  name: yup.string().label('name').trim().required().max(TEAM_NAME_MAX_LENGTH),
  restrict_signals_resource_management: yup.boolean().required(),
});

export type TeamFormValues = Required<TeamRequest>;

interface Props {
  defaultValues: TeamFormValues;
  submitLabel: string;
  onSubmit: (values: TeamFormValues) => Promise<unknown>;
  onCancel: () => void;
  error: unknown;
}

/** Create and edit: a team's name and whether its members alone manage its signals resources. */
export function TeamForm({ defaultValues, submitLabel, onSubmit, onCancel, error }: Props) {
  const { register, control, handleSubmit, watch, formState } = useForm<TeamFormValues>({
    resolver: yupResolver(schema),
    defaultValues,
  });
  const name = watch('name') ?? '';
  const submit = handleSubmit((values) => onSubmit(values));
  // saving navigates to the team's page: its own save is no reason to ask
  useUnsavedChangesPrompt(formState.isDirty && !formState.isSubmitting && !formState.isSubmitSuccessful);
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate aria-label="Team">
      <Stack gap="md" maw={560}>
        {error != null && <ErrorAlert error={error} title="Could not save the team" />}
        <TextInput
          label="Name"
          withAsterisk
          {...register('name')}
          error={formState.errors.name?.message}
          description={`${name.length}/${TEAM_NAME_MAX_LENGTH}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        {/* Mantine's Switch keeps its own checked state, so it is driven by the form rather than registered */}
        <Controller
          name="restrict_signals_resource_management"
          control={control}
          render={({ field }) => (
            <Switch
              label="Restrict signals resource management"
              description="Only members of this team with the team permission may manage its alert rules, escalation policies and other signals resources. Organization owners always can."
              name={field.name}
              ref={field.ref}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        <FormActions submitLabel={submitLabel} submitting={formState.isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
