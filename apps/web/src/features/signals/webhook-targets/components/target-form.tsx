import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Checkbox, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { WEBHOOK_EVENT_TYPES } from '@tocsin/domain';
import { useTeamOptions } from '../../shared/api/get-team-options';
import { showServerFieldErrors } from '../../shared/lib/server-field-errors';
import { EVENT_TYPE_LABELS, targetSchema, type TargetFormValues } from '../lib/target-form-values';

/** The API's field -> the form's field that shows its message (the same names). */
const SERVER_FIELDS = {
  name: 'name',
  url: 'url',
  event_types: 'event_types',
  team_ids: 'team_ids',
} as const satisfies Record<string, keyof TargetFormValues>;

interface Props {
  mode: 'new' | 'edit';
  defaultValues: TargetFormValues;
  submitLabel: string;
  errorTitle: string;
  error: unknown;
  onSubmit: (values: TargetFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** A target's settings: its name, its URL, the alert events it is sent and, optionally, whose teams. */
export function TargetForm({ mode, defaultValues, submitLabel, errorTitle, error, onSubmit, onCancel }: Props) {
  const { register, control, handleSubmit, setError, formState } = useForm<TargetFormValues>({
    resolver: yupResolver(targetSchema),
    defaultValues,
  });
  const teams = useTeamOptions();
  useUnsavedChangesPrompt(mode === 'edit' && formState.isDirty && !formState.isSubmitting);
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (failure) {
      showServerFieldErrors(failure, setError, SERVER_FIELDS);
    }
  });
  return (
    <form
      onSubmit={(event) => void submit(event).catch(() => undefined)}
      noValidate
      aria-label={mode === 'new' ? 'New webhook target' : 'Webhook target settings'}
    >
      <Stack gap="md">
        {error != null && <ErrorAlert error={error} title={errorTitle} />}
        <TextInput label="Name" withAsterisk {...register('name')} error={formState.errors.name?.message} />
        <TextInput
          label="URL"
          description="Where each event is posted, as JSON. https://, on an address reachable from the internet."
          placeholder="https://hooks.example.com/tocsin"
          withAsterisk
          {...register('url')}
          error={formState.errors.url?.message}
        />
        <Controller
          name="event_types"
          control={control}
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label="Alert events"
              description="Which moments of an alert's life are sent."
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            >
              <Group mt="xs" gap="md">
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={EVENT_TYPE_LABELS[type]} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <Controller
          name="team_ids"
          control={control}
          render={({ field, fieldState }) => (
            <MultiSelect
              label="Teams"
              description="Only alerts of these teams; none chosen: every team's."
              placeholder={field.value.length === 0 ? 'Every team' : undefined}
              data={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
              value={field.value}
              onChange={field.onChange}
              searchable
              clearable
              error={fieldState.error?.message}
            />
          )}
        />
        <Group>
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
