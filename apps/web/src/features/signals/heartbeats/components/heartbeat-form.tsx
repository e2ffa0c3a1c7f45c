import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ApiError } from '@/lib/api-client';
import {
  HEARTBEAT_GRACE_MAX_MINUTES,
  HEARTBEAT_INTERVAL_MAX_MINUTES,
  HEARTBEAT_INTERVAL_MIN_MINUTES,
} from '@tocsin/domain';
import { DefaultRouteSelects } from '../../event-sources/components/default-route-selects';
import { heartbeatSchema, type HeartbeatFormValues } from '../lib/heartbeat-form-values';

/** The API's field -> the form's field that shows its message. */
const SERVER_FIELDS = {
  name: 'name',
  team_id: 'team_id',
  escalation_policy_id: 'escalation_policy_id',
  interval: 'interval_minutes',
  grace_period: 'grace_minutes',
} as const satisfies Record<string, keyof HeartbeatFormValues>;

interface Props {
  defaultValues: HeartbeatFormValues;
  error: unknown;
  onSubmit: (values: HeartbeatFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** A heartbeat's settings: its name, where its alert goes, how often it pings and how late it may be. */
export function HeartbeatForm({ defaultValues, error, onSubmit, onCancel }: Props) {
  const { register, control, handleSubmit, setError, formState } = useForm<HeartbeatFormValues>({
    resolver: yupResolver(heartbeatSchema),
    defaultValues,
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (failure) {
      if (!(failure instanceof ApiError) || !failure.fields) return;
      for (const [field, shownAt] of Object.entries(SERVER_FIELDS)) {
        const problems = failure.fields[field];
        if (problems) setError(shownAt, { type: 'server', message: [problems].flat().join(', ') });
      }
    }
  });
  const minutes = (
    name: 'interval_minutes' | 'grace_minutes',
    label: string,
    description: string,
    min: number,
    max: number,
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={description}
          withAsterisk
          min={min}
          max={max}
          clampBehavior="none"
          value={field.value}
          onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
          error={fieldState.error?.message}
          w={{ base: '100%', xs: 260 }}
        />
      )}
    />
  );
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate aria-label="New heartbeat">
      <Stack gap="md">
        {error != null && <ErrorAlert error={error} title="Could not create the heartbeat" />}
        <TextInput label="Name" withAsterisk {...register('name')} error={formState.errors.name?.message} />
        <DefaultRouteSelects
          control={control}
          teamLabel="Team"
          teamDescription="Whose rules route the missed-beat alert, and where it goes when none matches."
          policyDescription="Who is paged when a beat is missed; without one, nobody is."
        />
        {minutes(
          'interval_minutes',
          'Interval (minutes)',
          'How often the job pings.',
          HEARTBEAT_INTERVAL_MIN_MINUTES,
          HEARTBEAT_INTERVAL_MAX_MINUTES,
        )}
        {minutes(
          'grace_minutes',
          'Grace period (minutes)',
          'How late a ping may be before the beat counts as missed.',
          0,
          HEARTBEAT_GRACE_MAX_MINUTES,
        )}
        <Group>
          <Button type="submit" loading={formState.isSubmitting}>
            Create heartbeat
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
