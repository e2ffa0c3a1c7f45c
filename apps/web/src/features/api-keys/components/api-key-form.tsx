import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ApiError } from '@/lib/api-client';
import { useTeamOptions } from '@/features/signals/shared/api/get-team-options';
import {
  apiKeyFormValues,
  apiKeySchema,
  readOnlyScopes,
  scopeOptions,
  type ApiKeyFormValues,
} from '../lib/api-key-form-values';

const SERVER_FIELDS = ['name', 'scopes', 'team_id', 'expires_at'] as const;

interface Props {
  /** The permissions the person's role holds: a key holds at most these. */
  held: readonly string[];
  error: unknown;
  onSubmit: (values: ApiKeyFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** A new key: its name, its scopes (read-only in one click), an optional team and expiry. */
export function ApiKeyForm({ held, error, onSubmit, onCancel }: Props) {
  const teams = useTeamOptions();
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<ApiKeyFormValues>({
    resolver: yupResolver(apiKeySchema),
    defaultValues: apiKeyFormValues(),
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (failure) {
      if (!(failure instanceof ApiError) || !failure.fields) return;
      for (const field of SERVER_FIELDS) {
        const problems = failure.fields[field];
        if (problems) setError(field, { type: 'server', message: [problems].flat().join(', ') });
      }
    }
  });
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate aria-label="New API key">
      <Stack gap="md">
        {error != null && <ErrorAlert error={error} title="Could not create the API key" />}
        <TextInput label="Name" withAsterisk {...register('name')} error={formState.errors.name?.message} />
        <Controller
          name="scopes"
          control={control}
          render={({ field, fieldState }) => (
            <MultiSelect
              label="Scopes"
              description="The permissions the key holds; never more than your role, now or later."
              withAsterisk
              searchable
              data={scopeOptions(held)}
              value={field.value as string[]}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Group gap="xs">
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => setValue('scopes', readOnlyScopes(held), { shouldValidate: true })}
          >
            All read permissions
          </Button>
          <Button variant="default" size="compact-sm" onClick={() => setValue('scopes', [...held])}>
            Everything my role holds
          </Button>
        </Group>
        <Controller
          name="team_id"
          control={control}
          render={({ field, fieldState }) => (
            <Select
              label="Team"
              description="Restrict the key to one team's resources; leave empty for the organization's."
              clearable
              data={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value)}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput
          label="Expires"
          description="Leave empty for a key that lasts until revoked."
          type="datetime-local"
          {...register('expires_at')}
          error={formState.errors.expires_at?.message}
          w={{ base: '100%', xs: 260 }}
        />
        <Group>
          <Button type="submit" loading={formState.isSubmitting}>
            Create API key
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
