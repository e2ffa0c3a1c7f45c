import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { AUTO_RESOLVE_MAX_MINUTES, RATE_LIMIT_MAX, RATE_LIMIT_MIN } from '@tocsin/domain';
import { showServerFieldErrors } from '../../shared/lib/server-field-errors';
import { FORMAT_LABELS } from '../lib/snippets';
import { DefaultRouteSelects } from './default-route-selects';
import { FORMATS, sourceSchema, type SourceFormValues } from '../lib/source-form-values';

/** The API's field -> the form's field that shows its message. */
const SERVER_FIELDS = {
  name: 'name',
  team_id: 'team_id',
  escalation_policy_id: 'escalation_policy_id',
  rate_limit_per_minute: 'rate_limit_per_minute',
  auto_resolve_after: 'auto_resolve_minutes',
} as const satisfies Record<string, keyof SourceFormValues>;

interface Props {
  /** `edit`: the format is shown, not chosen, and the signature has its own actions on the source's page. */
  mode: 'new' | 'edit';
  defaultValues: SourceFormValues;
  submitLabel: string;
  errorTitle: string;
  error: unknown;
  onSubmit: (values: SourceFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** A source's settings: its name, where unrouted alerts go, its limit and its auto-resolve quiet period. */
export function SourceForm({ mode, defaultValues, submitLabel, errorTitle, error, onSubmit, onCancel }: Props) {
  const { register, control, handleSubmit, watch, setError, formState } = useForm<SourceFormValues>({
    resolver: yupResolver(sourceSchema),
    defaultValues,
  });
  const autoResolve = watch('auto_resolve');
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
      aria-label={mode === 'new' ? 'New event source' : 'Event source settings'}
    >
      <Stack gap="md">
        {error != null && <ErrorAlert error={error} title={errorTitle} />}
        <TextInput label="Name" withAsterisk {...register('name')} error={formState.errors.name?.message} />
        {mode === 'new' ? (
          <Controller
            name="format"
            control={control}
            render={({ field, fieldState }) => (
              <Select
                label="Format"
                description="What the monitoring tool sends; each format has its own ingest URL."
                withAsterisk
                data={FORMATS.map((value) => ({ value, label: FORMAT_LABELS[value] }))}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                allowDeselect={false}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : (
          <Text size="sm" data-testid="source-format">
            Format: {FORMAT_LABELS[defaultValues.format]} (fixed: each format has its own ingest URL)
          </Text>
        )}
        <DefaultRouteSelects
          control={control}
          teamLabel="Default team"
          teamDescription="Where an alert no team rule matches goes."
          policyDescription="Followed by alerts no rule routes elsewhere; without one, nobody is paged."
        />
        <Controller
          name="rate_limit_per_minute"
          control={control}
          render={({ field, fieldState }) => (
            <NumberInput
              label="Limit (payloads a minute)"
              description="Beyond it the source is answered 429 with Retry-After."
              min={RATE_LIMIT_MIN}
              max={RATE_LIMIT_MAX}
              clampBehavior="none"
              value={field.value}
              onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
              error={fieldState.error?.message}
              w={{ base: '100%', xs: 260 }}
            />
          )}
        />
        <Controller
          name="auto_resolve"
          control={control}
          render={({ field }) => (
            <Switch
              label="Resolve open alerts after a quiet period"
              description="An open alert resolves by itself once the source has sent nothing for that long."
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        {autoResolve && (
          <Controller
            name="auto_resolve_minutes"
            control={control}
            render={({ field, fieldState }) => (
              <NumberInput
                label="Quiet period (minutes)"
                description={`From 1 minute to a week (${AUTO_RESOLVE_MAX_MINUTES} minutes).`}
                withAsterisk
                min={1}
                max={AUTO_RESOLVE_MAX_MINUTES}
                // a value out of bounds is said, in the API's words, rather than silently changed on blur
                clampBehavior="none"
                value={field.value ?? ''}
                onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
                error={fieldState.error?.message}
                w={{ base: '100%', xs: 260 }}
              />
            )}
          />
        )}
        {mode === 'new' && (
          <Controller
            name="signed"
            control={control}
            render={({ field }) => (
              <Switch
                label="Require an HMAC-SHA256 signature"
                description="Tocsin makes a signing secret; payloads must carry a signature with a timestamp."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        )}
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
