import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Group, MultiSelect, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { ApiError } from '@/lib/api-client';
import { useEventSources } from '../../../signals/event-sources/api/get-event-sources';
import { useHeartbeats } from '../../../signals/heartbeats/api/get-heartbeats';
import { showServerFieldErrors } from '../../../signals/shared/lib/server-field-errors';
import { maintenanceSchema, type MaintenanceFormValues } from '../lib/maintenance-form-values';

/** The API's field -> the form's field that shows its message (the same names). */
const SERVER_FIELDS = {
  name: 'name',
  starts_at: 'starts_at',
  ends_at: 'ends_at',
  services: 'services',
  source_ids: 'source_ids',
  announcement: 'announcement',
} as const satisfies Record<string, keyof MaintenanceFormValues>;

interface Props {
  mode: 'new' | 'edit';
  defaultValues: MaintenanceFormValues;
  submitLabel: string;
  errorTitle: string;
  error: unknown;
  onSubmit: (values: MaintenanceFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** A maintenance's window (local time), what it covers (services by name, sources by choice) and its announcement. */
export function MaintenanceForm({ mode, defaultValues, submitLabel, errorTitle, error, onSubmit, onCancel }: Props) {
  const { register, control, handleSubmit, setError, formState } = useForm<MaintenanceFormValues>({
    resolver: yupResolver(maintenanceSchema),
    defaultValues,
  });
  const sources = useEventSources();
  const heartbeats = useHeartbeats();
  const choices = [
    { group: 'Event sources', items: (sources.data ?? []).map((source) => ({ value: source.id, label: source.name })) },
    { group: 'Heartbeats', items: (heartbeats.data ?? []).map((beat) => ({ value: beat.id, label: beat.name })) },
  ].filter((group) => group.items.length > 0);
  useUnsavedChangesPrompt(mode === 'edit' && formState.isDirty && !formState.isSubmitting);
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (failure) {
      showServerFieldErrors(failure, setError, SERVER_FIELDS);
      // a chosen source the API did not find is named by its place in the list
      if (failure instanceof ApiError && failure.fields) {
        const sourceProblem = Object.keys(failure.fields).find((field) => field.startsWith('source_ids['));
        if (sourceProblem)
          setError('source_ids', { type: 'server', message: [failure.fields[sourceProblem]].flat().join(', ') });
      }
    }
  });
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <form
      onSubmit={(event) => void submit(event).catch(() => undefined)}
      noValidate
      aria-label={mode === 'new' ? 'New scheduled maintenance' : 'Scheduled maintenance settings'}
    >
      <Stack gap="md">
        {error != null && <ErrorAlert error={error} title={errorTitle} />}
        <TextInput label="Name" withAsterisk {...register('name')} error={formState.errors.name?.message} />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Starts"
            description={`Your local time (${zone})`}
            type="datetime-local"
            withAsterisk
            miw={220}
            {...register('starts_at')}
            error={formState.errors.starts_at?.message}
          />
          <TextInput
            label="Ends"
            description="At most 30 days after the start"
            type="datetime-local"
            withAsterisk
            miw={220}
            {...register('ends_at')}
            error={formState.errors.ends_at?.message}
          />
        </Group>
        <Controller
          name="services"
          control={control}
          render={({ field, fieldState }) => (
            <TagsInput
              label="Affected services"
              description="Alerts whose service label names one of these (any case) page nobody during the window. Press Enter after each."
              value={field.value}
              onChange={field.onChange}
              clearable
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          name="source_ids"
          control={control}
          render={({ field, fieldState }) => (
            <MultiSelect
              label="Event sources and heartbeats"
              description="Every alert of these sources, and a missed beat of these heartbeats, pages nobody during the window."
              data={choices}
              value={field.value}
              onChange={field.onChange}
              searchable
              clearable
              error={fieldState.error?.message}
            />
          )}
        />
        <Textarea
          label="Announcement"
          description="What is done and what to expect, for the people who see the maintenance."
          autosize
          minRows={3}
          {...register('announcement')}
          error={formState.errors.announcement?.message}
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
